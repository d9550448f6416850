#!/usr/bin/env python3
"""Writes Tests/InventoryCoreTests/Fixtures/uuid5-vectors.json: UUIDv5 ids computed by Python's uuid.uuid5.

Python's implementation is independent of the kit's, so UUIDv5OracleFixtureTests can check that
InventoryIDGenerator.uuidV5(namespace:name:) hashes raw UTF-8 names exactly as RFC 9562 says.

The output is deterministic (seeded random.Random), a JSON array of {"namespace", "name", "uuid"} objects,
one per line, with lowercase UUID strings. Standard library only. Run from the repository root:

    python3 scripts/generate-uuid5-fixture.py
"""

import json
import pathlib
import random
import sys
import uuid

SEED = 20261122
OUTPUT = pathlib.Path("Tests/InventoryCoreTests/Fixtures/uuid5-vectors.json")
RANDOM_NAME_COUNT = 1100
MAX_OUTPUT_BYTES = 200_000

KIT_NAMESPACES = {
    # Shared with the existing public kit.
    "manufacturer": uuid.UUID("d784a0c0-6d43-4e4b-90f7-1b0a88765432"),
    "product": uuid.UUID("e595b1d1-7e54-4f5c-81e8-2c1b99876543"),
    "person": uuid.UUID("f6a6c2e2-8f65-4d6d-92f9-3d2c00987654"),
    "library": uuid.UUID("a1b2c3d4-e5f6-4a5b-8c7d-9e8f77665544"),
    "platform": uuid.UUID("b2c3d4e5-f6a7-4b6c-9d8e-0f9a88776655"),
}
# Kit namespaces for semantic-unique entities, derived from URLs in the RFC 9562 URL namespace.
for _name in ("category", "storageLocation", "unit", "tag", "household"):
    KIT_NAMESPACES[_name] = uuid.uuid5(uuid.NAMESPACE_URL, "https://inventorykit.dev/namespaces/" + _name)

ASCII_WORDS = [
    "Apple", "Computer", "milk", "Oat", "BARISTA", "edition", "2L", "pack-of-6", "A4", "paper", "USB-C",
    "cable", "iPhone", "15", "Pro", "Max", "flour", "T55", "&", "co.", "Inc.", "x", "GmbH", "100%", "#42",
]
ACCENTED_WORDS = [
    "café", "Crème", "brûlée", "Straße", "STRASSE", "Ærø", "smørrebrød", "jalapeño", "Łódź", "Ελληνικά",
    "ΣΑΣ", "σας", "İstanbul", "naïve", "Ǆemal", "ﬁle", "Ωmega", "Kelvin", "Mañana", "Übergröße",
]
COMBINING_MARKS = ["\u0301", "\u0300", "\u0308", "\u0327", "\u030c", "\u0323", "\u0345", "\u20dd"]
CJK_WORDS = ["牛乳", "中文", "日本語", "カタカナ", "ひらがな", "한국어", "豆腐", "醤油", "红茶", "冰箱"]
EMOJI = [
    "😀", "🥛", "🍎", "📦", "🇫🇷", "🇯🇵", "👩\u200d👩\u200d👧", "👍🏽", "❤️", "🏳️\u200d🌈", "1️⃣", "🧑\u200d🍳",
]
WHITESPACE = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\u202f", " \t "]


def word(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.40:
        return rng.choice(ASCII_WORDS)
    if kind < 0.60:
        return rng.choice(ACCENTED_WORDS)
    if kind < 0.72:
        # A decomposed spelling: a base letter followed by one to three combining marks.
        base = rng.choice("aeiouAEIOUnczsy")
        return base + "".join(rng.choice(COMBINING_MARKS) for _ in range(rng.randint(1, 3)))
    if kind < 0.86:
        return rng.choice(CJK_WORDS)
    return rng.choice(EMOJI)


def random_name(rng: random.Random, index: int) -> str:
    if index % 97 == 0:
        return ""
    if index % 211 == 0:
        # A long name (a few kilobytes) that spans many SHA-1 blocks.
        return "".join(word(rng) + rng.choice(WHITESPACE) for _ in range(rng.randint(300, 700)))
    parts = []
    if rng.random() < 0.15:
        parts.append(rng.choice(WHITESPACE))  # leading whitespace
    for position in range(rng.randint(1, 6)):
        if position:
            parts.append(rng.choice(WHITESPACE) if rng.random() < 0.5 else " ")
        parts.append(word(rng))
    if rng.random() < 0.15:
        parts.append(rng.choice(WHITESPACE))  # trailing whitespace
    return "".join(parts)


def main() -> int:
    rng = random.Random(SEED)
    random_namespaces = [uuid.UUID(int=rng.getrandbits(128)) for _ in range(3)]
    namespaces = list(KIT_NAMESPACES.values()) + [uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL] + random_namespaces

    cases = [
        (uuid.NAMESPACE_DNS, "www.example.com"),
        (uuid.NAMESPACE_URL, "www.example.com"),
        (KIT_NAMESPACES["manufacturer"], "Apple Computer"),
        (KIT_NAMESPACES["manufacturer"], "apple computer"),
        (KIT_NAMESPACES["product"], "caf\u00e9"),  # precomposed é
        (KIT_NAMESPACES["product"], "cafe\u0301"),  # e + combining acute: a different raw name
        (uuid.NAMESPACE_DNS, ""),
    ]
    cases += [(namespace, "") for namespace in KIT_NAMESPACES.values()]
    for index in range(RANDOM_NAME_COUNT):
        cases.append((namespaces[index % len(namespaces)], random_name(rng, index)))

    vectors = [
        {"namespace": str(namespace), "name": name, "uuid": str(uuid.uuid5(namespace, name))}
        for namespace, name in cases
    ]
    text = "[\n" + ",\n".join(json.dumps(vector, ensure_ascii=False) for vector in vectors) + "\n]\n"
    size = len(text.encode("utf-8"))
    if size > MAX_OUTPUT_BYTES:
        print(f"fixture would be {size} bytes, over the {MAX_OUTPUT_BYTES}-byte budget", file=sys.stderr)
        return 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {len(vectors)} vectors ({size} bytes) to {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
