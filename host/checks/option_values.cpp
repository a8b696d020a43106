// Typed option values shared by the graph-metric checks (see option_values.hpp).
#include "host/checks/option_values.hpp"

#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {

int parse_words_option(const std::string& check, const nlohmann::json& v) {
  // The engine is compiled for W = 1, 2, 4, ..., 64; 0 lets it choose.
  const long long w = v.is_number_integer() ? v.get<long long>() : -1;
  if (w < 0 || w > 64 || (w & (w - 1)) != 0)
    throw input_error(check + ": option words = " + echo_value(v.dump()) +
                      " is not 0 (automatic) or a power of two 1, 2, 4, ..., 64");
  return static_cast<int>(w);
}

bool parse_bool_option(const std::string& check, const std::string& key, const nlohmann::json& v) {
  if (!v.is_boolean())
    throw input_error(check + ": option " + key + " = " + echo_value(v.dump()) +
                      " must be true or false");
  return v.get<bool>();
}

int64_t parse_integer_option(const std::string& check, const std::string& key,
                             const nlohmann::json& v, int64_t lowest, int64_t highest) {
  if (!v.is_number_integer() || v.get<int64_t>() < lowest || v.get<int64_t>() > highest)
    throw input_error(check + ": option " + key + " = " + echo_value(v.dump()) +
                      " must be an integer from " + std::to_string(lowest) + " to " +
                      std::to_string(highest));
  return v.get<int64_t>();
}

void require_option_table(const std::string& check, const nlohmann::json& options) {
  if (!options.is_object()) throw input_error(check + ": options must be a table of key = value");
}

void parse_unsigned_options(const std::string& check, const nlohmann::json& options,
                            std::initializer_list<unsigned_option> known) {
  require_option_table(check, options);
  for (const auto& option : options.items()) {
    const unsigned_option* match = nullptr;
    for (const auto& k : known)
      if (option.key() == k.key) match = &k;
    if (!match) {
      std::string names;
      for (const auto& k : known) names += (names.empty() ? "" : ", ") + std::string(k.key);
      unknown_option(check, option.key(), names);
    }
    *match->into = static_cast<uint64_t>(
        parse_integer_option(check, option.key(), option.value(), match->lowest, match->highest));
  }
}

void parse_exact_or_sampled_options(const std::string& check, const nlohmann::json& options,
                                    const char* count_key, const char* sample_key, uint64_t& count,
                                    uint64_t& exact_max_work, uint64_t& sample) {
  constexpr int64_t most = int64_t{1} << 40;
  parse_unsigned_options(check, options,
                         {{count_key, 0, most, &count},
                          {"exact_max_work", 0, INT64_MAX, &exact_max_work},
                          {sample_key, 1, most, &sample}});
}

uint64_t every_source_work(uint64_t n, uint64_t arcs) {
  const uint64_t pass = n + arcs < n ? UINT64_MAX : n + arcs;
  return n != 0 && pass > UINT64_MAX / n ? UINT64_MAX : n * pass;
}

void unknown_option(const std::string& check, const std::string& key, const std::string& known) {
  throw input_error(check + ": unknown option '" + echo_value(key) + "' (options: " + known + ")");
}

}  // namespace tv::host
