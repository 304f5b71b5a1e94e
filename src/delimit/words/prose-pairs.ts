// Pairs of words that prose writes with a slash ("and/or", "w/o", "km/h"):
// between delimiters they are valid relative references, never links
// (src/delimit/relative.ts). Compared case-insensitively; units as mapped
// to a URI (µ, ², ³ are percent-encoded).

/** Conjunctions, pronouns, abbreviations and units written with a slash. */
export const PROSE_PAIRS: readonly string[] = [
  // conjunctions and abbreviations
  'and/or', 'either/or', 'w/o', 'yes/no', 'y/n', 'on/off', 'true/false', 'c/o', 'b/w', 'h/t', 'w/e', 'n/a',
  // pronouns
  'he/she', 'she/he', 's/he', 'his/her', 'him/her', 'she/her', 'he/him', 'they/them', 'her/hers', 'his/him',
  // pairs of nouns
  'read/write', 'input/output', 'client/server', 'ui/ux', 'pros/cons', 'before/after', 'thee/thou',
  // units
  'km/h', 'km/s', 'm/s', 'ft/s', 'cm/s', 'mm/s', 'mg/dl', 'mmol/l', '%C2%B5mol/l', 'mol/l', 'g/cm3', 'g/cm%C2%B3',
  'kg/m3', 'kg/m%C2%B3', 'ml/min', 'l/min', 'kwh/m2', 'kwh/m%C2%B2', 'w/m2', 'w/m%C2%B2', 'req/s', 'ops/s', 'kb/s',
  'mb/s', 'gb/s', 'mbit/s', 'gbit/s',
];
