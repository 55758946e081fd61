#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then configures, builds and
# runs the consumer program against the installed package.
set -eu
build_dir=$1 source_dir=$2 work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
test -f "$work/prefix/include/xqrec/core/position.h"
test -f "$work/prefix/lib/libxqrec.a" || test -f "$work/prefix/lib64/libxqrec.a" || ls "$work"/prefix/lib*/libxqrec.a
cmake -S "$source_dir/tests/install/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"
"$work/build/consumer"
