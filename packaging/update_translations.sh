#!/bin/sh
# Refresh the translation sources from the code, then compile them:
#   resources/i18n/pegapp_ja.ts  <- every tr()/translate()/QT_TRANSLATE_NOOP string in pegapp/ui,
#                                   plus what packaging/i18n_sources.py adds (registry rules,
#                                   _tr helper calls)
#   resources/i18n/pegapp_ja.qm  <- pyside6-lrelease of the .ts (tests check it is current)
# New strings arrive untranslated (type="unfinished"): translate them in the .ts (Qt Linguist or
# any editor), run this again, and commit both files.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Strings lupdate cannot see (the registry's rules, calls of a module's _tr helper), written as
# QT_TRANSLATE_NOOP calls it can read.
python packaging/i18n_sources.py "$tmp/extra_strings.py"
for lang in ja; do
    pyside6-lupdate -no-obsolete -locations none -target-language "$lang" \
        pegapp/ui/*.py pegapp/ui/views/*.py "$tmp/extra_strings.py" -ts "resources/i18n/pegapp_$lang.ts"
    pyside6-lrelease "resources/i18n/pegapp_$lang.ts" -qm "resources/i18n/pegapp_$lang.qm"
done
