#!/usr/bin/env bash
# What a shell user would write instead of `dlib export`: curl for each page,
# xmllint to normalise it (CDATA to text, one element a line), awk to turn
# the items into the same CSV as dlib (header, order, YYYY-MM-DD, CRLF).
#   export_curl.sh ENDPOINT OUT.csv [PAGE_SIZE]
set -euo pipefail
endpoint="$1"; out="$2"; size="${3:-20}"
printf 'control_no,title,author,publisher,pub_year,isbn,call_no,material_type,location,reg_date,cover_url\r\n' > "$out"
page=1
while :; do
    xml="$(curl -sS --fail "$endpoint?pageNo=$page&numOfRows=$size" | xmllint --nocdata --format -)"
    total="$(printf '%s' "$xml" | xmllint --xpath 'string(//totalCount)' -)"
    printf '%s\n' "$xml" | awk '
        function unescape(s) {
            gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&apos;/, "\047", s)
            gsub(/&amp;/, "\\&", s); return s
        }
        function trim(s) { sub(/^[ \t\r\n]+/, "", s); sub(/[ \t\r\n]+$/, "", s); return s }
        function csv(s) { if (s ~ /[",\r\n]/) { gsub(/"/, "\"\"", s); return "\"" s "\"" } return s }
        BEGIN { split("controlNo title author publisher pubYear isbn callNo materialType location regDate coverUrl", names, " ") }
        /<item>/ { inItem = 1; delete value; next }
        /<\/item>/ {
            if (value["controlNo"] != "") {
                d = value["regDate"]; if (d ~ /^[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]$/) value["regDate"] = substr(d,1,4) "-" substr(d,5,2) "-" substr(d,7,2)
                line = ""; for (i = 1; i <= 11; i++) line = line (i > 1 ? "," : "") csv(value[names[i]])
                printf "%s\r\n", line
            }
            inItem = 0; next
        }
        inItem && open == "" && match($0, /<[A-Za-z]+>/) {
            tag = substr($0, RSTART + 1, RLENGTH - 2); rest = substr($0, RSTART + RLENGTH)
            if (index(rest, "</" tag ">")) { v = substr(rest, 1, index(rest, "</" tag ">") - 1); if (!(tag in value) || value[tag] == "") value[tag] = trim(unescape(v)) }
            else { open = tag; buf = rest }
            next
        }
        inItem && open != "" {
            if (index($0, "</" open ">")) { buf = buf "\n" substr($0, 1, index($0, "</" open ">") - 1); if (!(open in value) || value[open] == "") value[open] = trim(unescape(buf)); open = "" }
            else buf = buf "\n" $0
        }
    ' >> "$out"
    [ $((page * size)) -ge "${total:-0}" ] && break
    page=$((page + 1))
done
