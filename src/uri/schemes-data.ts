// IANA "Uniform Resource Identifier (URI) Schemes" registry (the uri-schemes-1
// table, RFC 7595), bundled as data: the scheme table in src/uri/schemes.ts
// reads it, so that the extractor accepts a bare `scheme:` with no `//`
// only for a registered scheme.
//
// Source:   IANA uri-schemes-1.csv, verbatim copy vendored as
//           crates/panache-parser/src/parser/inlines/uri-schemes.csv in the
//           panache Markdown parser (github.com/jolars/panache, commit 930db45,
//           released in panache-parser 0.14.0 on 2026-06-02; read from the fork
//           github.com/mattt/panache at commit
//           4b74b2f232f91070d13e36c267331962cf8338e8). The CSV has no
//           Last-Updated stamp: it was downloaded between 2026-05-29
//           (panache-parser 0.13.0) and 2026-06-02.
// Registry: snapshot of 2026-06-02
// Counts:   413 names: 99 permanent, 296 provisional, 18 historical.
//
// Every status is included. Names are lowercased (schemes compare
// case-insensitively), stripped of notes such as " (OBSOLETE)", and kept only
// when they match RFC 3986 `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
//
// Generated: do not edit by hand. To regenerate, download
// https://www.iana.org/assignments/uri-schemes/uri-schemes-1.csv and run
//   node scripts/gen-schemes.mjs uri-schemes-1.csv --source '...' --date YYYY-MM-DD

export type IanaStatus = 'permanent' | 'provisional' | 'historical';

/** The registered scheme names by status: lowercased, sorted, each name once. */
export const IANA_SCHEMES: Readonly<Record<IanaStatus, readonly string[]>> = {
  permanent: [
    'aaa', 'aaas', 'about', 'acap', 'acct', 'cap', 'cid', 'coap', 'coap+tcp', 'coap+ws', 'coaps',
    'coaps+tcp', 'coaps+ws', 'crid', 'data', 'dav', 'dict', 'dns', 'doi', 'dtn', 'example', 'file',
    'ftp', 'geo', 'go', 'gopher', 'h323', 'http', 'https', 'iax', 'icap', 'im', 'imap', 'info',
    'ipn', 'ipp', 'ipps', 'iris', 'iris.beep', 'iris.lwz', 'iris.xpc', 'iris.xpcs', 'jabber',
    'ldap', 'leaptofrogans', 'mailto', 'mid', 'msrp', 'msrps', 'mt', 'mtqp', 'mupdate', 'news',
    'nfs', 'ni', 'nih', 'nntp', 'opaquelocktoken', 'pkcs11', 'pop', 'pres', 'reload', 'rtsp',
    'rtsps', 'rtspu', 'service', 'session', 'shttp', 'sieve', 'sip', 'sips', 'sms', 'snmp',
    'soap.beep', 'soap.beeps', 'stun', 'stuns', 'tag', 'tel', 'telnet', 'tftp', 'thismessage',
    'tip', 'tn3270', 'turn', 'turns', 'tv', 'urn', 'vemmi', 'vnc', 'ws', 'wss', 'xcon',
    'xcon-userid', 'xmlrpc.beep', 'xmlrpc.beeps', 'xmpp', 'z39.50r', 'z39.50s',
  ],
  provisional: [
    'acd', 'acr', 'adiumxtra', 'adt', 'afp', 'afs', 'agtp', 'aim', 'amss', 'android', 'appdata',
    'apt', 'ar', 'ari', 'ark', 'at', 'attachment', 'aw', 'barion', 'beshare', 'bitcoin',
    'bitcoincash', 'bl', 'blob', 'bluetooth', 'bolo', 'brid', 'browserext', 'cabal', 'caip',
    'calculator', 'callto', 'cast', 'casts', 'chrome', 'chrome-extension',
    'com-eventbrite-attendee', 'content', 'content-type', 'cstr', 'cttps', 'cvs', 'dab', 'dat',
    'dhttp', 'diaspora', 'did', 'dilithium3', 'dis', 'dlna-playcontainer', 'dlna-playsingle', 'dnp',
    'dntp', 'donau', 'dpp', 'drm', 'dtmi', 'dvb', 'dvx', 'dweb', 'ed2k', 'eid', 'elsi', 'embedded',
    'ens', 'esim', 'ethereum', 'facetime', 'feed', 'feedready', 'fido', 'finger',
    'first-run-pen-experience', 'fish', 'fm', 'fuchsia-pkg', 'gg', 'git', 'gitoid', 'gizmoproject',
    'graph', 'gtalk', 'ham', 'hcap', 'hcp', 'hs20', 'hxxp', 'hxxps', 'hydrazone', 'hyper', 'i0',
    'ibi', 'ibi-', 'icon', 'ilstring', 'iotdisco', 'ipfs', 'ipns', 'irc', 'irc6', 'ircs',
    'isostore', 'itms', 'jar', 'jms', 'keyparc', 'lastfm', 'lbry', 'ldaps', 'lid', 'linkid',
    'lorawan', 'lpa', 'lvlt', 'machineprovisioningprogressreporter', 'magnet', 'maps', 'market',
    'matrix', 'message', 'microsoft.windows.camera', 'microsoft.windows.camera.multipicker',
    'microsoft.windows.camera.picker', 'mms', 'mongodb', 'moz', 'mqtt', 'mqtts', 'ms-access',
    'ms-appinstaller', 'ms-browser-extension', 'ms-calculator', 'ms-drive-to', 'ms-enrollment',
    'ms-excel', 'ms-eyecontrolspeech', 'ms-gamebarservices', 'ms-gamingoverlay', 'ms-getoffice',
    'ms-help', 'ms-infopath', 'ms-inputapp', 'ms-launchremotedesktop',
    'ms-lockscreencomponent-config', 'ms-media-stream-id', 'ms-meetnow', 'ms-mixedrealitycapture',
    'ms-mobileplans', 'ms-newsandinterests', 'ms-officeapp', 'ms-people', 'ms-personacard',
    'ms-powerpoint', 'ms-project', 'ms-publisher', 'ms-recall', 'ms-remotedesktop',
    'ms-remotedesktop-launch', 'ms-restoretabcompanion', 'ms-screenclip', 'ms-screensketch',
    'ms-search', 'ms-search-repair', 'ms-secondary-screen-controller', 'ms-secondary-screen-setup',
    'ms-settings', 'ms-settings-airplanemode', 'ms-settings-bluetooth', 'ms-settings-camera',
    'ms-settings-cellular', 'ms-settings-cloudstorage', 'ms-settings-connectabledevices',
    'ms-settings-displays-topology', 'ms-settings-emailandaccounts', 'ms-settings-language',
    'ms-settings-location', 'ms-settings-lock', 'ms-settings-nfctransactions',
    'ms-settings-notifications', 'ms-settings-power', 'ms-settings-privacy',
    'ms-settings-proximity', 'ms-settings-screenrotation', 'ms-settings-wifi',
    'ms-settings-workplace', 'ms-spd', 'ms-stickers', 'ms-sttoverlay', 'ms-transit-to',
    'ms-useractivityset', 'ms-uup', 'ms-virtualtouchpad', 'ms-visio', 'ms-walk-to', 'ms-whiteboard',
    'ms-whiteboard-cmd', 'ms-widgetboard', 'ms-widgets', 'ms-word', 'msnim', 'mss', 'mtrust',
    'mumble', 'mvn', 'mvrp', 'mvrps', 'notes', 'num', 'ocf', 'oid', 'onenote', 'onenote-cmd',
    'openid', 'openpgp4fpr', 'otpauth', 'palm', 'paparazzi', 'payto', 'platform', 'proxy', 'psyc',
    'pttp', 'pwid', 'qb', 'query', 'quic-transport', 'redis', 'rediss', 'res', 'resource', 'rmi',
    'rsync', 'rtmfp', 'rtmp', 'sarif', 'secondlife', 'secret-token', 'sftp', 'sgn', 'shc',
    'shelter', 'simpleledger', 'simplex', 'skype', 'smb', 'smp', 'smtp', 'soldat', 'spacify',
    'spiffe', 'spotify', 'ssb', 'ssh', 'starknet', 'steam', 'submit', 'svn', 'swh', 'swid',
    'swidpath', 'taler', 'teamspeak', 'teapot', 'teapots', 'teliaeid', 'things', 'tool', 'udp',
    'unreal', 'upn', 'ut2004', 'uuid-in-package', 'v-event', 'ventrilo', 'ves', 'view-source',
    'vscode', 'vscode-insiders', 'vsls', 'w3', 'wasm', 'wasm-js', 'wcr', 'web+ap', 'web3', 'webcal',
    'wifi', 'wtai', 'wyciwyg', 'xcompute', 'xfire', 'xftp', 'xrcp', 'xri', 'ymsgr', 'ztdnaid',
  ],
  historical: [
    'bb', 'drop', 'fax', 'filesystem', 'grd', 'mailserver', 'modem', 'p1', 'pack', 'payment',
    'prospero', 'snews', 'thzp', 'upt', 'videotex', 'wais', 'wpid', 'z39.50',
  ],
};
