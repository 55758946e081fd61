#include "duplicate_groups.h"

#include "key_blob.h"

#include "xqrec/duplicates/duplicate_index.h"
#include "xqrec/duplicates/game_score.h"
#include "xqrec/duplicates/line_key.h"

namespace xq::archive {

// The duplicate groups over the whole index, from the keys it holds.
std::string regroup(Database& db, std::uint32_t min_plies, std::size_t& groups) {
  duplicates::DuplicateIndex index(min_plies);
  std::vector<std::int64_t> ids;  // per entry
  {
    Statement q = db.prepare(
        "SELECT g.id, f.path_key, g.game, g.line_hash, g.line_prefix, g.line_plies, g.line_mirrored, g.line_oriented, "
        "g.line_stopped, g.line_main, g.score_notes, g.score_result, g.score_players, g.score_date "
        "FROM games g JOIN files f ON g.file = f.id WHERE g.line_plies IS NOT NULL ORDER BY f.path_key, g.game");
    if (!q.ok()) return db.error();
    std::string last_path;  // by the exact bytes: the order `duplicates` reads files in
    std::uint32_t file = 0;
    bool first = true;
    while (q.step()) {
      const std::string path = q.text(1);
      if (!first && path != last_path) ++file;
      first = false;
      last_path = path;
      duplicates::GameEntry e;
      e.key.line = std::uint64_t(q.integer(3));
      e.key.prefix = std::uint64_t(q.integer(4));
      e.key.plies = std::uint32_t(q.integer(5));
      e.key.mirrored = q.integer(6) != 0;
      e.key.oriented = q.integer(7) != 0;
      e.stopped = q.integer(8) != 0;
      e.main_line = std::uint32_t(q.integer(9));
      e.score.plies = e.key.plies;
      e.score.notes = std::uint32_t(q.integer(10));
      e.score.result = q.integer(11) != 0;
      e.score.players = q.integer(12) != 0;
      e.score.date = q.integer(13) != 0;
      e.file = file;
      e.game = std::uint32_t(q.integer(2));
      index.add(e);
      ids.push_back(q.integer(0));
    }
  }
  Statement chain = db.prepare("SELECT chain FROM chains WHERE game=?");
  if (!chain.ok()) return db.error();
  for (std::uint32_t entry : index.embedding_candidates()) {
    chain.bind(1, ids[entry]);
    if (chain.step()) {
      const auto hashes = unpack_keys(chain.text(0));
      for (std::size_t k = 0; k < hashes.size(); ++k) index.prefix_seen(entry, min_plies + std::uint32_t(k), hashes[k]);
    }
    chain.reset();
  }
  const auto found = index.groups();
  groups = found.size();
  if (std::string e = db.exec("DELETE FROM duplicates"); !e.empty()) return e;
  Statement put = db.prepare("INSERT INTO duplicates(game, \"group\", relation) VALUES(?,?,?)");
  Statement mark = db.prepare(
      "UPDATE games SET dup_group=?2, dup_relation=?3 WHERE id=?1 AND (dup_group IS NOT ?2 OR dup_relation IS NOT ?3)");
  Statement clear = db.prepare(
      "UPDATE games SET dup_group=NULL, dup_relation=NULL WHERE dup_group IS NOT NULL AND id NOT IN (SELECT game FROM duplicates)");
  if (!put.ok() || !mark.ok() || !clear.ok()) return db.error();
  for (std::size_t g = 0; g < found.size(); ++g)
    for (const auto& m : found[g].members) {
      const std::string relation(duplicates::relation_name(m.relation));
      if (!put.bind(1, ids[m.entry]).bind(2, std::int64_t(g + 1)).bind(3, relation).run()) return db.error();
      if (!mark.bind(1, ids[m.entry]).bind(2, std::int64_t(g + 1)).bind(3, relation).run()) return db.error();
    }
  if (!clear.run()) return db.error();
  return "";
}

}  // namespace xq::archive
