// The defaults of the options that bound what one WARC record holds.

/** maxHeaderBytes' default (as in mail): 1 MiB of one WARC or HTTP header block. */
export const MAX_HEADER_BYTES = 1024 * 1024;

/** maxBodyBytes' default: 64 MiB of one payload, after its transfer and content codings are undone. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
