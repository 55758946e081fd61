// A sequence whose elements never move once made: storage comes in chunks
// of 2^ChunkBits elements, and growing adds a chunk instead of copying
// what is there. A std::vector that doubles (or grows by half) holds its
// old and new storage at once while it copies: for a game at the move
// bound that was most of its peak memory. Indexing costs one more load
// than a vector's.
//
// With KeepMade, elements past size() may stay made (truncate_keeping), to
// be filled again by reuse_back instead of destroyed and made anew: a
// reader's record of one game after another, most of them of about the same
// length. Without it (the repetition counter's keys), emplace_back does not
// test for them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace xq {

template <typename T, unsigned ChunkBits = 12, bool KeepMade = false>
class ChunkedVector {
 public:
  static constexpr std::size_t kChunkSize = std::size_t(1) << ChunkBits;

  ChunkedVector() = default;
  explicit ChunkedVector(std::size_t count) { resize(count); }
  // A copy holds the elements of the size only, none kept made past it (a
  // game copied out of a reader's record does not carry its spare nodes).
  ChunkedVector(const ChunkedVector& o) { copy_elements(o); }
  ChunkedVector& operator=(const ChunkedVector& o) {
    if (this != &o) {
      chunks_.clear();
      size_ = made_ = 0;
      copy_elements(o);
    }
    return *this;
  }
  // A sequence moved from is empty, as a vector is.
  ChunkedVector(ChunkedVector&& o) noexcept
      : chunks_(std::move(o.chunks_)), size_(std::exchange(o.size_, 0)), made_(std::exchange(o.made_, 0)) {
    o.chunks_.clear();
  }
  ChunkedVector& operator=(ChunkedVector&& o) noexcept {
    if (this != &o) {
      chunks_ = std::move(o.chunks_);
      size_ = std::exchange(o.size_, 0);
      made_ = std::exchange(o.made_, 0);
      o.chunks_.clear();
    }
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Elements that fit without a new chunk (the first chunk grows like a
  // vector up to kChunkSize, so that a small sequence stays small).
  std::size_t capacity() const {
    return chunks_.empty() ? 0 : (chunks_.size() - 1) * kChunkSize + chunks_.back().capacity();
  }

  T& operator[](std::size_t i) { return chunks_[i >> ChunkBits][i & (kChunkSize - 1)]; }
  const T& operator[](std::size_t i) const { return chunks_[i >> ChunkBits][i & (kChunkSize - 1)]; }
  T& back() { return (*this)[size_ - 1]; }  // not the last chunk's last: elements may be kept past size()
  const T& back() const { return (*this)[size_ - 1]; }
  // Elements made: size() and those kept past it by truncate_keeping.
  std::size_t made() const { return KeepMade ? made_ : size_; }

  // Room for `count` elements in all; chunks past the first are made whole
  // when first needed, so only the first is reserved here.
  void reserve(std::size_t count) {
    if (chunks_.empty()) chunks_.emplace_back();
    if (chunks_.size() == 1) chunks_.front().reserve(std::min(count, kChunkSize));
  }

  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if constexpr (KeepMade)
      if (made_ != size_) [[unlikely]] {  // the next element is made already: given the new value
        T& slot = (*this)[size_];
        slot = T(std::forward<Args>(args)...);
        ++size_;
        return slot;
      }
    // The first chunk grows as a vector does (a small sequence stays
    // small); the others are had whole.
    if (chunks_.empty()) chunks_.emplace_back();
    else if (chunks_.back().size() == kChunkSize) chunks_.emplace_back().reserve(kChunkSize);
    ++size_;
    if constexpr (KeepMade) ++made_;
    return chunks_.back().emplace_back(std::forward<Args>(args)...);
  }
  void push_back(const T& v) { emplace_back(v); }
  void push_back(T&& v) { emplace_back(std::move(v)); }

  // Empty, keeping the first chunk's storage (the others are freed, as
  // resize frees them): cheap enough to call at every capture.
  void clear() {
    if (chunks_.size() > 1) chunks_.resize(1);
    if (!chunks_.empty()) chunks_.front().clear();
    size_ = made_ = 0;
  }

  // Shrinking frees the chunks no longer used: a sequence that held a long
  // game and then a short one does not keep the long one's storage.
  void resize(std::size_t count) {
    if (count < size_) {
      chunks_.resize(chunks_for(count));
      chunks_.back().resize(count - (chunks_.size() - 1) * kChunkSize);
      size_ = made_ = count;
    }
    while (size_ < count) emplace_back();
  }

  // Shrinks to `count` elements, keeping those after it made, with their
  // values, for reuse_back (and emplace_back, which assigns them anew).
  void truncate_keeping(std::size_t count) {
    static_assert(KeepMade);
    if (count < size_) size_ = count;
  }
  // Frees the chunks past the one the last element is in (the first is
  // kept), with the elements kept made in them, as a shrinking resize does:
  // a sequence that held a long game and then a short one does not keep
  // the long one's storage.
  void free_unused_chunks() {
    static_assert(KeepMade);
    const std::size_t chunks = chunks_for(size_);
    if (chunks_.size() <= chunks) return;
    chunks_.resize(chunks);
    made_ = (chunks - 1) * kChunkSize + chunks_.back().size();
  }
  // The next element when one is kept made past size() (the caller sets
  // what it needs anew: it holds its old value), now part of the sequence;
  // else null, and nothing changes.
  T* reuse_back() {
    static_assert(KeepMade);
    if (size_ == made_) return nullptr;
    return &(*this)[size_++];
  }

  template <bool Const>
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using reference = std::conditional_t<Const, const T&, T&>;
    using pointer = std::conditional_t<Const, const T*, T*>;
    using Owner = std::conditional_t<Const, const ChunkedVector, ChunkedVector>;

    Iterator() = default;
    Iterator(Owner* owner, std::size_t i) : owner_(owner), i_(i) {}
    reference operator*() const { return (*owner_)[i_]; }
    pointer operator->() const { return &(*owner_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator was = *this;
      ++i_;
      return was;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.i_ == b.i_; }

   private:
    Owner* owner_ = nullptr;
    std::size_t i_ = 0;
  };
  using iterator = Iterator<false>;
  using const_iterator = Iterator<true>;
  iterator begin() { return {this, 0}; }
  iterator end() { return {this, size_}; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

 private:
  // The chunks that hold `count` elements, at least the first.
  static std::size_t chunks_for(std::size_t count) {
    return std::max<std::size_t>((count + kChunkSize - 1) >> ChunkBits, 1);
  }
  void copy_elements(const ChunkedVector& o) {
    if (o.size_ == 0) return;
    reserve(o.size_);
    for (std::size_t i = 0; i < o.size_; ++i) emplace_back(o[i]);
  }

  std::vector<std::vector<T>> chunks_;
  std::size_t size_ = 0;
  std::size_t made_ = 0;  // with KeepMade: size_ and the elements kept made past it
};

}  // namespace xq
