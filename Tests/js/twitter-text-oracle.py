#!/usr/bin/env python3
"""twitter-text's answers for the differential test against it
(Tests/js/twitter-text-oracle.test.mjs): reads JSON lines
`{"text", "stickers": [[start, end], ...]}` (UTF-16 offsets of the sticker
codes the model found) and writes for each `{"weighted", "codeInURL",
"crlf"}`: the weighted length twitter-text gives the whole text as plain text
(tools/twitter_text_oracle.py: PyPI's port with the JS build's domain check),
whether its URL rule reads a character of a sticker code as part of a URL
(a URL, or a match of its regex it then refuses), and how many
CRLFs the port turned into one LF first: the two differences docs/model.md
lists where they show (a code is never part of a URL; CRLF counts 2).
"""

import json
import os
import sys
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from twitter_text.parse_tweet import convert_line_ending  # noqa: E402
from twitter_text.regexp.extract_url import extract_url  # noqa: E402
from twitter_text_oracle import extract_urls_with_indices, parse_tweet  # noqa: E402


def as_parsed(text):
    """The text parseTweet reads: NFC, each line ending one LF."""
    return convert_line_ending(unicodedata.normalize("NFC", text))


def code_points_before(text, utf16):
    """The code point index of UTF-16 offset `utf16` of `text`."""
    units = 0
    for k, ch in enumerate(text):
        if units >= utf16:
            return k
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def answer(request):
    text = request["text"]
    parsed = as_parsed(text)
    # A code begins with `[` and ends with `]`, which compose with nothing and hold no line break: its
    # place in the text parsed is the parsed length of the text before it.
    codes = []
    for start, end in request["stickers"]:
        a = len(as_parsed(text[: code_points_before(text, start)]))
        b = len(as_parsed(text[: code_points_before(text, end)]))
        codes.append((a, b))
    # What the URL rule reads as a URL: each match of its regex, from the URL's start (after what precedes
    # it) to the match's end, a URL or not (a match the checks then refuse is passed over whole, and hides
    # what it covers), and the span parseTweet weighs for each URL (from where it starts, as many
    # characters as its url: past the match where a path follows an ASCII domain found inside a longer one).
    urls = [(m.start(3), m.end()) for m in extract_url.finditer(parsed)]
    urls += [(u["indices"][0], u["indices"][0] + len(u["url"])) for u in extract_urls_with_indices(parsed)]
    code_in_url = any(a < ce and cs < b for a, b in urls for cs, ce in codes)
    crlf = unicodedata.normalize("NFC", text).count("\r\n")
    return {"weighted": parse_tweet(text).weightedLength, "codeInURL": code_in_url, "crlf": crlf}


def main():
    out = sys.stdout
    for line in sys.stdin:
        if line.strip():
            out.write(json.dumps(answer(json.loads(line))) + "\n")


if __name__ == "__main__":
    main()
