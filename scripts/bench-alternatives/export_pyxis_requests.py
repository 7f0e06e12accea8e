#!/usr/bin/env python3
"""What a user would write instead of `dlib export` on a Pyxis library:
requests with a session (so connections are reused), the json module and
csv, offset after offset.

    export_pyxis_requests.py BASE OUT.csv [PAGE_SIZE]

BASE is the Pyxis base, everything before /search. Writes the same CSV as
`dlib export` (header, field order, the same mapping of Pyxis's fields,
CRLF), so the benchmark can check that both produce the same rows.
"""
import csv
import json
import re
import sys
from urllib.parse import quote

import requests

HEADER = ["control_no", "title", "author", "publisher", "pub_year", "isbn", "call_no",
          "material_type", "location", "reg_date", "cover_url", "place", "edition", "issn",
          "pages", "size", "availability", "copies"]
YEAR = re.compile(r"(?<![0-9])[0-9]{4}(?![0-9])")


def text(value):
    if value is None or isinstance(value, (bool, dict, list)):
        return ""
    return str(value).strip()


def publication(value):
    """`place : publisher, year` -> (place, publisher, year)."""
    rest, place, year = value, "", ""
    if ":" in rest:
        place, rest = rest.split(":", 1)
        place = place.strip()
    comma = rest.rfind(",")
    match = YEAR.search(rest[comma + 1:]) if comma >= 0 else None
    if match:
        year, rest = match.group(0), rest[:comma]
    else:
        match = YEAR.search(rest)
        if match and all(c.isdigit() or c.isspace() or c == "." for c in rest):
            year, rest = match.group(0), ""
    return place, rest.strip(), year


def cover(url, origin):
    url = text(url)
    if url.lower().startswith(("http://", "https://")):
        return url
    if url.startswith("//"):
        return origin.split(":", 1)[0] + ":" + url
    if url.startswith("/"):
        return origin + url
    return ""


def etc(value):
    try:
        details = json.loads(value) if isinstance(value, str) and value.startswith("{") else {}
    except ValueError:
        details = {}
    if not isinstance(details, dict):
        return "", ""
    return text(details.get("PAGE")), text(details.get("HEIGHT")) or text(details.get("SIZE"))


def row(item, origin):
    place, publisher, year = publication(text(item.get("publication")))
    biblio = item.get("biblioType") if isinstance(item.get("biblioType"), dict) else {}
    material = text(biblio.get("name")) or text((biblio.get("materialType") or {}).get("name"))
    copies = []
    for volume in item.get("branchVolumes") or []:
        copy = {}
        for key, name in (("location", "name"), ("callNo", "volume"), ("availability", "cState"), ("stateCode", "cStateCode")):
            if text(volume.get(name)):
                copy[key] = text(volume.get(name))
        copies.append(copy)
    first = copies[0] if copies else {}
    pages, size = etc(item.get("etcContent"))
    return [
        text(item.get("id")), text(item.get("titleStatement")), text(item.get("author")),
        text(item.get("publisher")) or publisher, text(item.get("publishYear")) or year,
        text(item.get("isbn")), first.get("callNo", ""), material, first.get("location", ""),
        text(item.get("dateReceived")), cover(item.get("thumbnailUrl"), origin), place,
        text(item.get("edition")), text(item.get("issn")), pages, size, first.get("availability", ""),
        json.dumps(copies, ensure_ascii=False, separators=(",", ":")) if copies else "",
    ]


def main():
    base, out_path = sys.argv[1].rstrip("/"), sys.argv[2]
    page_size = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    origin = "/".join(base.split("/")[:3])
    session = requests.Session()
    with open(out_path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(HEADER)
        offset = 0
        while True:
            url = f"{base}/search?all=k%7Ca%7C&offset={offset}&max={page_size}&facet=false&isForPyxis3=true"
            response = session.get(url, timeout=30)
            response.raise_for_status()
            answer = response.json()
            if not answer.get("success"):
                sys.exit(f"error {answer.get('code')}: {answer.get('message')}")
            data = answer["data"]
            items = data["list"]
            for item in items:
                if text(item.get("id")):
                    writer.writerow(row(item, origin))
            offset += page_size
            if not items or offset >= int(data.get("totalCount") or 0):
                break


if __name__ == "__main__":
    main()
