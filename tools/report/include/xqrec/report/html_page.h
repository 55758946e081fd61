// The pages of the arbiter's report: one self-contained UTF-8 HTML file,
// its style inline (screen, and print on A4 a game or a verdict a page,
// legible in black and white), CJK glyphs from the system's fonts named in
// the style, nothing loaded from outside, no script. The markup is also
// well-formed XML (every element closed), which is how the tests read it.
#pragma once

#include <string>
#include <string_view>

namespace xq::report {

// Text for an element or an attribute: & < > " ' escaped; a byte that is
// not valid UTF-8, a control character (but tab and line breaks) or a
// noncharacter, which XML may not hold, written as its bytes (\x1b).
std::string html_escape(std::string_view text);

// A whole page around `body` (already markup).
std::string html_page(std::string_view title, std::string_view body);
// The same in two halves, for a page written piece by piece: everything up
// to the body's content, and what closes it.
std::string html_page_head(std::string_view title);
std::string_view html_page_tail();

}  // namespace xq::report
