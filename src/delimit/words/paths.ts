// Word lists for the relative references found between delimiters
// (src/delimit/relative.ts): the extensions that make a bare file name a
// link, and the names that make a path prose.

/** A web file's extensions: src="logo.png", href="about.html", <index.html> are links. Compared case-insensitively. */
export const WEB_FILE_EXTENSIONS: readonly string[] = [
  'html', 'htm', 'xhtml', 'php', 'asp', 'aspx', 'jsp', 'cgi', 'css', 'js', 'mjs', 'json', 'xml', 'rss', 'atom', 'txt',
  'md', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'zip', 'gz', 'tgz', 'mp3', 'mp4', 'webm', 'woff',
  'woff2', 'ttf', 'csv',
];

/**
 * The directories of a Unix file system that no web server serves from its
 * root: "/var/www/html/x", "/usr/share/doc", "/etc/hosts", "/tmp/x" name
 * files, as logs and error messages do, not links.
 */
export const SYSTEM_DIRECTORIES: readonly string[] = [
  'var', 'usr', 'etc', 'tmp', 'opt', 'srv', 'proc', 'sys', 'dev', 'bin', 'sbin', 'lib', 'lib64', 'boot', 'run', 'mnt',
  'nix',
];

/** The top-level media types (RFC 6838 §4.2): "text/javascript", "image/png" are MIME types, not paths. */
export const MEDIA_TYPES: readonly string[] = [
  'text', 'application', 'image', 'audio', 'video', 'font', 'model', 'multipart', 'message',
];
