// The WHATWG Encoding Standard's labels (§4.2, the labels table) where they
// name another encoding than iconv-lite reads under the same name, or one
// iconv-lite does not know: one table for every reader of a label (an HTML
// <meta>, an XML declaration, a mail part's charset, the charset option).

/** Labels whose WHATWG meaning differs from iconv-lite's, or that iconv-lite does not know → the iconv-lite name. */
const LABELS: Readonly<Record<string, string>> = {
  'utf-16': 'utf-8', 'utf-16le': 'utf-8', 'utf-16be': 'utf-8', 'unicode': 'utf-8', 'ucs-2': 'utf-8',
  'x-user-defined': 'windows-1252',
  'ascii': 'windows-1252', 'us-ascii': 'windows-1252', 'ansi_x3.4-1968': 'windows-1252', 'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252', 'iso88591': 'windows-1252', 'iso_8859-1': 'windows-1252', 'latin1': 'windows-1252',
  'l1': 'windows-1252', 'cp819': 'windows-1252', 'ibm819': 'windows-1252', 'csisolatin1': 'windows-1252',
  'iso-8859-9': 'windows-1254', 'latin5': 'windows-1254', 'iso-8859-11': 'windows-874', 'tis-620': 'windows-874',
  'gb2312': 'gbk', 'x-gbk': 'gbk', 'ks_c_5601-1987': 'cp949', 'euc-kr': 'cp949', 'x-sjis': 'shift_jis',
  'iso-ir-100': 'windows-1252', 'iso_8859-1:1987': 'windows-1252', 'x-cp1252': 'windows-1252',
  'csisolatin5': 'windows-1254', 'iso-ir-148': 'windows-1254', 'iso8859-9': 'windows-1254', 'iso88599': 'windows-1254',
  'iso_8859-9': 'windows-1254', 'iso_8859-9:1989': 'windows-1254', 'l5': 'windows-1254', 'x-cp1254': 'windows-1254',
  'iso8859-11': 'windows-874', 'iso885911': 'windows-874', 'dos-874': 'windows-874',
  'x-cp1250': 'windows-1250', 'x-cp1251': 'windows-1251', 'x-cp1253': 'windows-1253', 'x-cp1255': 'windows-1255',
  'x-cp1256': 'windows-1256', 'x-cp1257': 'windows-1257', 'x-cp1258': 'windows-1258',
  'unicode20utf8': 'utf-8', 'x-unicode20utf8': 'utf-8', 'csunicode': 'utf-8', 'iso-10646-ucs-2': 'utf-8', 'unicodefeff': 'utf-8', 'unicodefffe': 'utf-8',
  'csiso88596e': 'iso-8859-6', 'csiso88596i': 'iso-8859-6', 'iso-8859-6-e': 'iso-8859-6', 'iso-8859-6-i': 'iso-8859-6',
  'sun_eu_greek': 'iso-8859-7', 'csiso88598e': 'iso-8859-8', 'csiso88598i': 'iso-8859-8', 'visual': 'iso-8859-8', 'logical': 'iso-8859-8',
  'csisolatin9': 'iso-8859-15', 'koi': 'koi8-r', 'koi8': 'koi8-r', 'x-mac-roman': 'macintosh',
  'x-mac-cyrillic': 'macukraine', 'x-mac-ukrainian': 'macukraine', // WHATWG's x-mac-cyrillic has the Ukrainian letters
  'x-euc-jp': 'euc-jp', 'cseucpkdfmtjapanese': 'euc-jp',
};

/** The iconv-lite name of a trimmed, lower-case label by the WHATWG table, or undefined when the table does not list it. */
export function whatwgLabel(name: string): string | undefined {
  return Object.hasOwn(LABELS, name) ? LABELS[name] : undefined;
}
