#!/usr/bin/env bash
# Browser tests and screenshots drive Debian's Chromium (Playwright's own browser download cannot be reached
# here), with the fonts that Japanese, Chinese and Thai need.
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-packages.sh" \
  /usr/bin/chromium=chromium \
  /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc=fonts-noto-cjk \
  /usr/share/fonts/truetype/tlwg/Loma.ttf=fonts-thai-tlwg
