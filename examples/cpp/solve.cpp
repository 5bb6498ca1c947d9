// Lights Out from C++ through liblightsout: a small RAII wrapper that turns status codes into
// exceptions, then the classic 5x5, Lights Out 2000 and the cube with their fewest-press
// solutions, Mini Lights Out (the 4x4 torus), Merlin's Magic Square, a board with holes read
// from text, and one game shared by several threads.
//
// Build (see crates/ffi/README.md):
//   c++ -std=c++17 -Wall -Wextra -Werror -pedantic solve.cpp $(pkg-config --cflags --libs lightsout) -pthread
#include <lightsout.h>

#include <atomic>
#include <cstdint>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace lo {

// A failed call: the status code and the library's message.
class Error : public std::runtime_error {
  public:
    Error(lightsout_status status, const std::string &what) : std::runtime_error(what), status_(status) {}
    lightsout_status status() const { return status_; }

  private:
    lightsout_status status_;
};

inline void check(lightsout_status status) {
    if (status != LIGHTSOUT_OK) throw Error(status, lightsout_last_error());
}

using Board = std::vector<uint32_t>;

// Owns one game handle; movable, not copyable.
class Game {
  public:
    static Game preset(const std::string &name) {
        lightsout_game *g = nullptr;
        check(lightsout_game_new_preset(name.c_str(), &g));
        return Game(g);
    }
    static Game from_text(const std::string &text, uint32_t modulus) {
        lightsout_game *g = nullptr;
        check(lightsout_game_new_from_text(text.c_str(), modulus, &g));
        return Game(g);
    }

    std::size_t size() const { return lightsout_game_size(get()); }
    std::size_t nullity() const {
        std::size_t n = 0;
        check(lightsout_game_nullity(get(), &n));
        return n;
    }
    Board parse(const std::string &text) const {
        Board lights(size());
        check(lightsout_game_parse_board(get(), text.c_str(), lights.data(), lights.size()));
        return lights;
    }
    Board solve(const Board &lights) const {
        Board presses(size());
        check(lightsout_game_solve(get(), lights.data(), lights.size(), presses.data(), presses.size()));
        return presses;
    }
    Board apply(const Board &lights, const Board &presses) const {
        Board after(size());
        check(lightsout_game_apply(get(), lights.data(), lights.size(), presses.data(), presses.size(),
                                   after.data(), after.size()));
        return after;
    }
    Board random_solvable(uint64_t seed) const {
        Board lights(size());
        check(lightsout_game_random_solvable(get(), seed, lights.data(), lights.size()));
        return lights;
    }
    // The fewest presses (default budget); `proven` says whether no solution has fewer.
    Board minimal(const Board &lights, uint64_t *weight, bool *proven) const {
        Board presses(size());
        lightsout_minimal_info info;
        check(lightsout_game_solve_minimal(get(), lights.data(), lights.size(), LIGHTSOUT_DEFAULT_MAX_WORK,
                                           LIGHTSOUT_DEFAULT_MAX_SECONDS, presses.data(), presses.size(), &info));
        *weight = info.weight;
        *proven = info.proven_optimal;
        return presses;
    }
    std::string format(const Board &values) const {
        std::size_t len = 0;
        check(lightsout_game_format_board_len(get(), values.data(), values.size(), &len));
        std::string text(len, '\0');
        check(lightsout_game_format_board(get(), values.data(), values.size(), &text[0], text.size()));
        text.resize(len - 1);  // drop the NUL
        return text;
    }

  private:
    struct Free {
        void operator()(lightsout_game *g) const { lightsout_game_free(g); }
    };
    explicit Game(lightsout_game *g) : handle_(g) {}
    const lightsout_game *get() const { return handle_.get(); }
    std::unique_ptr<lightsout_game, Free> handle_;
};

}  // namespace lo

static bool all_off(const lo::Board &b) {
    for (uint32_t x : b)
        if (x != 0) return false;
    return true;
}

static void show(const std::string &title, const lo::Game &game, const lo::Board &lights) {
    lo::Board presses = game.solve(lights);
    if (!all_off(game.apply(lights, presses))) throw std::logic_error(title + ": lights left on");
    std::cout << title << ": " << game.size() << " lights, nullity " << game.nullity() << "\n"
              << "board:\n" << game.format(lights) << "presses (checked):\n" << game.format(presses);
}

// Solve with the fewest presses, check, and print what does not depend on which of several
// equally short solutions comes back.
static void fewest(const std::string &title, const lo::Game &game, const lo::Board &lights) {
    uint64_t weight = 0;
    bool proven = false;
    lo::Board presses = game.minimal(lights, &weight, &proven);
    if (!all_off(game.apply(lights, presses))) throw std::logic_error(title + ": lights left on");
    std::cout << title << ": " << game.size() << " lights, nullity " << game.nullity() << ", fewest presses "
              << weight << (proven ? " (proven)" : " (best found)") << "\n";
}

int main() {
    lo::Game classic = lo::Game::preset("classic");
    fewest("classic, all lit", classic, lo::Board(25, 1));
    lo::Game lo2000 = lo::Game::preset("2000");
    lo::Board green_corners(25, 0);
    green_corners[0] = green_corners[4] = green_corners[20] = green_corners[24] = 2;
    fewest("2000, green corners", lo2000, green_corners);
    lo::Game cube = lo::Game::preset("cube");
    lo::Board pressed(54, 0);
    pressed[0] = pressed[13] = pressed[31] = pressed[40] = pressed[53] = 1;
    fewest("cube, 5 buttons pressed", cube, cube.apply(lo::Board(54, 0), pressed));

    // Mini Lights Out: every board of the 4x4 torus has exactly one solution.
    lo::Game mini = lo::Game::preset("mini");
    show("mini", mini, mini.parse("1000\n0000\n0000\n0000\n"));

    // Merlin's Magic Square: a corner toggles its 2x2 block, an edge its row or column.
    lo::Game merlin = lo::Game::preset("merlin");
    show("merlin", merlin, merlin.parse("111\n101\n111\n"));

    // A board with holes, read from text: '#' has no light and no button.
    const std::string holes = "1.#\n.1.\n#.1\n";
    lo::Game holed = lo::Game::from_text(holes, 2);
    show("holes", holed, holed.parse(holes));

    // Errors are exceptions that carry the status.
    try {
        lo::Game::preset("no such game");
        return 1;
    } catch (const lo::Error &e) {
        std::cout << "unknown preset -> status " << e.status() << " (LIGHTSOUT_UNKNOWN_PRESET is "
                  << LIGHTSOUT_UNKNOWN_PRESET << ")\n";
    }

    // One game, four threads: the factorisation is computed once and shared.
    lo::Game deluxe = lo::Game::preset("deluxe");
    std::atomic<int> solved{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; t++) {
        threads.emplace_back([&deluxe, &solved, t] {
            for (uint64_t seed = 0; seed < 50; seed++) {
                lo::Board lights = deluxe.random_solvable(1000 * static_cast<uint64_t>(t) + seed);
                if (all_off(deluxe.apply(lights, deluxe.solve(lights)))) solved++;
            }
        });
    }
    for (std::thread &th : threads) th.join();
    std::cout << "deluxe: " << solved.load() << " of 200 random boards solved on 4 threads\n";
    return 0;
}
