# Sourced by the long-game tests: shuffle_game PLIES FILE writes one ICCS PGN
# game of PLIES plies without a capture, the horses going out and back
# (b0c2 b9c7 c2b0 c7b9 ...), 20 plies a line.
shuffle_game() {
  awk -v n="$1" 'BEGIN {
    split("b0c2 b9c7 c2b0 c7b9", m, " ");
    print "[Format \"ICCS\"]\n";
    line = "";
    for (i = 0; i < n; i++) {
      if (i % 2 == 0) line = line (i / 2 + 1) ". ";
      line = line m[i % 4 + 1] " ";
      if (i % 20 == 19) { print line; line = "" }
    }
    print line "*";
  }' > "$2"
}
