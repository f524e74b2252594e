// Owns: the characters no part of a URL holds and that end every look of the
// URL rule ahead (TwitterURLs.isStop in Swift, derived from the rule's
// classes; a node test derives them again from twitter-text-tables.js):
// whitespace, `\ ^ { }` and NEL (U+0085). Before one, the URLs are what they
// would be were the text to end there; after it, what they would be were the
// text to begin there. The insert cut's estimate is exact at one; the URL
// finder reads a long text a piece between two of them at a time. Apart from
// urls.js, which loads late with its tables.

export const STOPS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x20, 0x5c, 0x5e, 0x7b, 0x7d, 0x85, 0xa0, 0x3000]);
