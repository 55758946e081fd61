// 象棋桥 (CCBridge) binary records: CBR (one game, versions 1 and 2) and
// CBL (a library of CBR records). Strings are UTF-16LE, cut at the first NUL.
//
// CBR header fields become tags (empty ones are left out):
//   Title, Category (分类路径), Source, EventClass, Event, Round, Group, Table,
//   Date, Site, TimeControl, Red, RedTeam, RedTime, RedRating, Black,
//   BlackTeam, BlackTime, BlackRating, Referee, Recorder, Annotator,
//   AnnotatorEmail, Author, AuthorEmail, Created, Modified, ScriptFile,
//   Property (性质), Termination (结束方式), RecordType ("composed",
//   "game-partial", "composed-partial"; left out for 0 = a full game),
//   Result ("*", "1-0", "0-1", "1/2-1/2"; code 4, several results, reads "*").
// A CBL game also gets the tag Library (the library's name).
//
// The board becomes start_setup(); the side to move is the colour of the
// first move's piece, else the header's side byte. Moves come as
// MoveNotation::Coordinates with ICCS text.
//
// CBL libraries of the older zlib-compressed kind ("CCBridge" followed by
// format 21) are inflated with zlib and read: GBK strings, a move tree per
// game. Their games get Title, Annotator, AnnotatorEmail, Author,
// AuthorEmail, Created, Modified, GameType ("full", "opening",
// "middlegame", "endgame"), CblText1..6 (fields of unknown meaning, when
// not empty), Library, LibraryAuthor, LibraryText2/3/5 (unknown meaning),
// LibraryCreated, LibraryModified and Result. Their issues carry the file
// offset of the zlib stream; messages give the offset in the inflated data.
#pragma once

#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats {

FileReport read_cbr(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});
FileReport read_cbl(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

}  // namespace xq::formats
