// peg_bidir.cpp -- a plain compiled reference for PegApp's peg solitaire benchmark (issue #11).
//
// Minimum number of MOVES for the central game of English 33-hole peg solitaire: start with every
// hole filled but the centre (16), finish with a single peg in the centre.  A move is a chain of
// jumps by one peg; every prefix of a chain is a move too.
//
// Plain bidirectional breadth-first search over moves:
//   * forward from the start by chains, backward from the goal by true reverse chains (one peg
//     un-jumping repeatedly), so both sides count moves exactly;
//   * positions are uint64 bitboards, merged by the 8 symmetries of the square (canonical form =
//     the smallest image);
//   * one open-addressing hash table per side (key and depth packed in one uint64);
//   * the side with the smaller frontier expands its next level; the search stops at the first
//     child of one side found in the other side's table (the first meeting is on a shortest path:
//     before the level all of both sides' completed levels were disjoint).
// No lower bounds, no pagoda pruning, no precomputed data.  C++17, standard library only.
//
//   g++ -std=c++17 -O2 -march=native -o peg_bidir peg_bidir.cpp && ./peg_bidir [-v]
//
// Output: one line of JSON, e.g. {"moves": 18, "positions": ..., "seconds": ...}; exit status 0
// when the minimum is 18.  -v prints each level's size on stderr.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

typedef uint64_t u64;

namespace {

// ------------------------------------------------------------------------------- the board

const int N = 33;          // holes
const int CENTRE = 16;
int hole_at[7][7];         // (x, y) -> hole, or -1
int hx[N], hy[N];

struct Jump { int over, to; };
std::vector<Jump> jumps_from[N];   // jumps of a peg standing on a hole

const int CHUNK = 11;              // symmetry images by table lookup, 11 bits at a time
const int NCHUNK = 3;              // 3 x 11 = 33 bits
u64 sym_table[8][NCHUNK][1 << CHUNK];

void make_board() {
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 7; ++x) hole_at[y][x] = -1;
    int n = 0;
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 7; ++x) {
            bool arm = (x >= 2 && x <= 4) || (y >= 2 && y <= 4);
            if (!arm) continue;
            hole_at[y][x] = n;
            hx[n] = x;
            hy[n] = y;
            ++n;
        }
    if (n != N || hole_at[3][3] != CENTRE) { std::fprintf(stderr, "bad board\n"); std::exit(2); }
    const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    auto at = [](int x, int y) { return (x < 0 || y < 0 || x > 6 || y > 6) ? -1 : hole_at[y][x]; };
    for (int h = 0; h < N; ++h)
        for (int d = 0; d < 4; ++d) {
            int o = at(hx[h] + dx[d], hy[h] + dy[d]), t = at(hx[h] + 2 * dx[d], hy[h] + 2 * dy[d]);
            if (o >= 0 && t >= 0) jumps_from[h].push_back({o, t});
        }
    // the 8 symmetries of the square about the centre (3, 3)
    for (int s = 0; s < 8; ++s) {
        int image[N];
        for (int h = 0; h < N; ++h) {
            int x = hx[h], y = hy[h];
            if (s & 1) x = 6 - x;
            if (s & 2) y = 6 - y;
            if (s & 4) { int t = x; x = y; y = t; }
            image[h] = hole_at[y][x];
        }
        for (int c = 0; c < NCHUNK; ++c)
            for (int v = 0; v < (1 << CHUNK); ++v) {
                u64 out = 0;
                for (int b = 0; b < CHUNK; ++b) {
                    int h = c * CHUNK + b;
                    if (h < N && ((v >> b) & 1)) out |= u64(1) << image[h];
                }
                sym_table[s][c][v] = out;
            }
    }
}

inline u64 canonical(u64 p) {
    const u64 m = (u64(1) << CHUNK) - 1;
    u64 a = p & m, b = (p >> CHUNK) & m, c = (p >> (2 * CHUNK)) & m;
    u64 best = p;  // symmetry 0 is the identity
    for (int s = 1; s < 8; ++s) {
        u64 q = sym_table[s][0][a] | sym_table[s][1][b] | sym_table[s][2][c];
        if (q < best) best = q;
    }
    return best;
}

inline u64 bit(int h) { return u64(1) << h; }

// ------------------------------------------------------------------- hash set with depths

// Open addressing, linear probing.  A slot holds position | depth << 56 (positions use 33
// bits, never 0 here: every position of the game has at least one peg); 0 is an empty slot.
class Table {
  public:
    Table() : bits_(16), count_(0), slots_(size_t(1) << 16, 0) {}
    size_t count() const { return count_; }
    size_t bytes() const { return slots_.size() * sizeof(u64); }

    // depth of p, or -1
    int find(u64 p) const {
        size_t mask = slots_.size() - 1;
        for (size_t i = index(p); ; i = (i + 1) & mask) {
            u64 s = slots_[i];
            if (s == 0) return -1;
            if ((s & KEY) == p) return int(s >> 56);
        }
    }
    // false when p is already there
    bool insert(u64 p, int depth) {
        if (4 * (count_ + 1) > 3 * slots_.size()) grow();
        size_t mask = slots_.size() - 1;
        for (size_t i = index(p); ; i = (i + 1) & mask) {
            u64 s = slots_[i];
            if (s == 0) { slots_[i] = p | (u64(depth) << 56); ++count_; return true; }
            if ((s & KEY) == p) return false;
        }
    }

  private:
    static const u64 KEY = (u64(1) << 56) - 1;
    int bits_;
    size_t count_;
    std::vector<u64> slots_;

    size_t index(u64 p) const { return size_t((p * 0x9E3779B97F4A7C15ULL) >> (64 - bits_)); }
    void grow() {
        std::vector<u64> old;
        old.swap(slots_);
        ++bits_;
        slots_.assign(size_t(1) << bits_, 0);
        size_t mask = slots_.size() - 1;
        for (u64 s : old) {
            if (s == 0) continue;
            size_t i = index(s & KEY);
            while (slots_[i] != 0) i = (i + 1) & mask;
            slots_[i] = s;
        }
    }
};

// ------------------------------------------------------------------------------ the search

struct Side {
    Table table;
    std::vector<u64> frontier;   // the positions of the last completed level
    int depth = 0;               // that level's number of moves
    bool backward = false;
};

struct Expansion {
    Side* side;
    const Side* other;
    std::vector<u64> next;
    int meet = -1;               // total moves when the sides met

    // a child: a position one move away
    bool child(u64 c) {
        u64 k = canonical(c);
        int d = other->table.find(k);
        if (d >= 0) { meet = side->depth + 1 + d; return true; }
        if (side->table.insert(k, side->depth + 1)) next.push_back(k);
        return false;
    }
    // forward chains of the peg now on hole `at` (b already has the jumps so far applied)
    bool chains(u64 b, int at) {
        for (const Jump& j : jumps_from[at]) {
            if (!(b & bit(j.over)) || (b & bit(j.to))) continue;
            u64 c = b ^ bit(at) ^ bit(j.over) ^ bit(j.to);
            if (child(c) || chains(c, j.to)) return true;
        }
        return false;
    }
    // reverse chains: the peg on `at` un-jumps to f over o (o and f empty), o gets a peg
    bool reverse_chains(u64 b, int at) {
        for (const Jump& j : jumps_from[at]) {           // (at, o, f) in line; o, f empty
            if ((b & bit(j.over)) || (b & bit(j.to))) continue;
            u64 c = b ^ bit(at) ^ bit(j.over) ^ bit(j.to);
            if (child(c) || reverse_chains(c, j.to)) return true;
        }
        return false;
    }
    bool run() {
        for (u64 p : side->frontier)
            for (int h = 0; h < N; ++h) {
                if (!(p & bit(h))) continue;
                if (side->backward ? reverse_chains(p, h) : chains(p, h)) return true;
            }
        return false;
    }
};

}  // namespace

int main(int argc, char** argv) {
    bool verbose = argc > 1 && argv[1][0] == '-' && argv[1][1] == 'v';   // -v: a line per level
    auto t0 = std::chrono::steady_clock::now();
    make_board();
    u64 full = bit(N) - 1;
    Side fwd, bwd;
    bwd.backward = true;
    u64 start = canonical(full ^ bit(CENTRE)), goal = canonical(bit(CENTRE));
    fwd.table.insert(start, 0);
    fwd.frontier.push_back(start);
    bwd.table.insert(goal, 0);
    bwd.frontier.push_back(goal);

    int moves = start == goal ? 0 : -1;
    while (moves < 0) {
        bool f = fwd.frontier.size() <= bwd.frontier.size();
        Side& side = f ? fwd : bwd;
        Side& other = f ? bwd : fwd;
        if (side.frontier.empty()) break;                 // no solution
        Expansion e{&side, &other, {}, -1};
        if (e.run()) { moves = e.meet; break; }
        side.frontier.swap(e.next);
        side.depth += 1;
        if (verbose)
            std::fprintf(stderr, "%s level %d: %zu new, %zu + %zu stored\n",
                     f ? "forward " : "backward", side.depth, side.frontier.size(),
                     fwd.table.count(), bwd.table.count());
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("{\"moves\": %d, \"positions\": %zu, \"forward_depth\": %d, "
                "\"backward_depth\": %d, \"table_mb\": %.1f, \"seconds\": %.3f}\n",
                moves, fwd.table.count() + bwd.table.count(), fwd.depth, bwd.depth,
                (fwd.table.bytes() + bwd.table.bytes()) / 1048576.0, secs);
    return moves == 18 ? 0 : 1;
}
