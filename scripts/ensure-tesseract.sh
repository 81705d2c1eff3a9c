#!/usr/bin/env bash
# Makes sure Debian's tesseract with German and English is there: OCR uses it when installed (tesseract.js
# otherwise), and the specs of the native engine run against it. Installs it only as root; else it says how.
set -euo pipefail
langs="$(tesseract --list-langs 2>/dev/null || true)"
if grep -qx deu <<<"$langs" && grep -qx eng <<<"$langs"; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Debian's tesseract (deu+eng) is missing: OCR falls back to tesseract.js and its native specs are skipped." >&2
  echo "Install it with: sudo apt-get update && sudo apt-get install -y tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng" >&2
  exit 0
fi
echo "Installing Debian's tesseract-ocr with deu+eng for OCR..."
# Without the package mirror the tests still run: OCR falls back to tesseract.js and the native specs skip.
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng >/dev/null; }; then
  echo "Could not install Debian's tesseract: OCR falls back to tesseract.js and its native specs are skipped." >&2
fi
