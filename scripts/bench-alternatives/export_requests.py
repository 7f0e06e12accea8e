#!/usr/bin/env python3
"""What a user would write instead of `dlib export`: requests with a session
(so connections are reused), xml.etree.ElementTree and csv, page after page.

    export_requests.py ENDPOINT OUT.csv [PAGE_SIZE]

Writes the same CSV as `dlib export` (header, field order, YYYY-MM-DD dates,
CRLF), so the benchmark can check that both produce the same rows.
"""
import csv
import sys
import xml.etree.ElementTree as ET

import requests

FIELDS = ["controlNo", "title", "author", "publisher", "pubYear", "isbn",
          "callNo", "materialType", "location", "regDate", "coverUrl"]
HEADER = ["control_no", "title", "author", "publisher", "pub_year", "isbn",
          "call_no", "material_type", "location", "reg_date", "cover_url"]


def value(item, name):
    text = item.findtext(name)
    return text.strip() if text else ""


def row(item):
    values = [value(item, name) for name in FIELDS]
    date = values[9]
    if len(date) == 8 and date.isdigit():
        values[9] = f"{date[:4]}-{date[4:6]}-{date[6:]}"
    return values


def main():
    endpoint, out_path = sys.argv[1], sys.argv[2]
    page_size = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    session = requests.Session()
    with open(out_path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(HEADER)
        page = 1
        while True:
            response = session.get(endpoint, params={"pageNo": page, "numOfRows": page_size}, timeout=30)
            response.raise_for_status()
            root = ET.fromstring(response.content)
            code = root.findtext("header/resultCode")
            if code not in ("00", "03"):
                sys.exit(f"error {code}: {root.findtext('header/resultMsg')}")
            items = root.findall("body/items/item")
            for item in items:
                if value(item, "controlNo"):
                    writer.writerow(row(item))
            total = int(root.findtext("body/totalCount") or 0)
            if not items or page * page_size >= total:
                break
            page += 1


if __name__ == "__main__":
    main()
