// The command's usage line and --help text (docs/cli.md says the same at length).

export const USAGE = 'usage: urisift [options] [file|dir|-]...';

export const HELP = `${USAGE}

Print the URIs (RFC 3986, delimited as in its Appendix C) found in each file,
or in standard input when no file is given or the file is '-'.

Extraction (passed to the library):
      --base URI          resolve relative references against URI (absolute);
                          default: none (relative references are not printed)
      --file-base         resolve each file's relative references against its
                          own file: URL (a tree of HTML pages); --base stays
                          that of standard input and of a log's request
                          targets; default: off
      --charset NAME      input charset: any iconv-lite text charset, a
                          WHATWG label of one (x-cp1251, x-mac-cyrillic), or
                          'auto' (BOM, then UTF-8, then an XML declaration's
                          charset, then windows-1252); byte codecs (base64,
                          hex) are refused; default: auto
      --hyphen keep|drop  reading of a '-' at a line break inside a URI;
                          default: keep
      --schemes LIST      comma-separated schemes: only these start a URI,
                          bare or delimited; a list of '+x'/'-x' entries
                          edits the default set instead;
                          default: any 'scheme://' or a registered scheme
      --max-length N      longest URI candidate, in UTF-16 units, from 16 to
                          16777216; default: 8192

Output:
  -f, --format uri|json|tsv
                          uri: one URI per line; json: one JSON object per
                          URI (JSON Lines); tsv: file, line, column, uri
                          (always four columns); default: uri
      --json              same as --format json
  -u, --unique            skip URIs equivalent (RFC 3986 §6.2) to one already
                          printed; holds each distinct URI in memory (about
                          210-330 bytes for 30 characters); default: off
      --unique-limit N    --unique holding at most N distinct URIs; past N,
                          says so on stderr once, and later URIs are checked
                          against the N held only (bounded memory)
  -n, --normalize         print the normalized (§6.2) form; default: off
  -H, --with-filename     prefix each URI with 'FILE:' (json: add "file");
                          default: on when there are several operands or a
                          directory operand
      --no-filename       never show the file name (tsv keeps its column)

Input:
  -r, --recursive         read directories recursively, in sorted order;
                          symbolic links inside them are not followed
                          (as grep -r); default: off (a directory is an
                          error)
      --include GLOB      -r: read only the files whose base name matches
                          GLOB ('*.md', '*.{html,htm}'); repeatable: any
                          of them; files named as operands are always read
      --exclude GLOB      -r: skip the files whose base name matches GLOB
      --exclude-dir GLOB  -r: do not enter the directories whose base name
                          matches GLOB ('.git', 'node_modules')
      --binary            scan files with a NUL byte in the first 8 KiB read;
                          default: off (they are skipped with a notice)
  -m, --mode text|mail|html|log|feed|markdown|warc|json|auto
                          text: plain text; mail: mbox, .eml or Maildir
                          files (MIME, headers, format=flowed); html: link
                          attributes and text; log: access and error
                          logs, syslog, JSON lines, logfmt (request
                          targets resolved against --base); feed: RSS
                          and Atom (links, enclosures, HTML content),
                          sitemaps and OPML lists; markdown: CommonMark
                          (link and image destinations, definitions,
                          autolinks, raw HTML, text; never chosen by
                          auto); warc: web archives (.warc, .warc.gz),
                          each page's links resolved against its URL;
                          json: JSON documents (.json, .har, JSON-LD,
                          notebooks): string values unescaped, link
                          keys resolved against --base, comments;
                          auto: by file name, else by the first bytes;
                          default: text
      --no-headers        mail: do not scan header fields
  -j, --jobs N            scan files of 256 KiB and more N at a time on
                          worker threads (0: one per CPU; never more than
                          the CPUs); output order is unchanged; default: 1
      --progress          show a progress bar on stderr (only ever on a TTY)
      --no-progress       never show it; default: shown after 1 s when stderr
                          is a terminal and stdout is not

  -h, --help              print this help and exit
  -V, --version           print the version and exit

Files ending in .gz, and gzip data on standard input or under any other
name, are decompressed. Exit status: 0 on success (also when nothing is
found), 1 if an input could not be read, 2 on a usage error or when
standard output cannot be written, 130 when interrupted.
`;
