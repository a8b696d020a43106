// Rule families from text to instances (see rule_definition.hpp): the text checked and
// lowered once, an instance's program assembled from its parameters, its member labels
// enumerated into a block the host and the devices share.
#include "kernels/families/rule_definition.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "kernels/core/memory.hpp"
#include "kernels/core/shared_block.hpp"
#include "kernels/core/text_digest.hpp"
#include "kernels/families/rule_lowering.hpp"
#include "kernels/families/rule_members.hpp"

namespace tv::families {

struct rule_definition::lowered {
  rule_text text;
  lowered_expression bits;
  std::optional<lowered_expression> member;
  std::vector<lowered_expression> neighbors;
  std::string digest;
};

/// What only the host reads: the definition (its trees, for messages), the instance's
/// parameters, and which tree node each operation of the program computes.
struct rule_host_side {
  std::shared_ptr<const rule_definition::lowered> definition;
  std::vector<int64_t> values;
  std::vector<std::vector<int>> neighbor_op_nodes;
};

namespace {

/// The instance's block and its host side, kept alive by rule_instance::storage.
struct rule_storage {
  std::shared_ptr<void> block;
  rule_host_side host;
};

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

/// "n=4 k=2", for messages about one instance.
std::string values_text(const rule_text& t, const std::vector<int64_t>& values) {
  std::string s;
  for (size_t k = 0; k < t.parameters.size(); ++k)
    s += (s.empty() ? "" : " ") + t.parameters[k].name + "=" + std::to_string(values[k]);
  return s;
}

std::string label_text(uint64_t label, int bits) {
  std::string s;
  for (int b = bits - 1; b >= 0; --b) s += ((label >> b) & 1) ? '1' : '0';
  return s;
}

/// Copies one instance expression into the program; returns its place.
rule_expression place(rule_program& p, int& ops, int& constants, const instance_expression& e,
                      const std::string& part) {
  if (ops + static_cast<int>(e.ops.size()) > rule_max_total_ops ||
      constants + static_cast<int>(e.constants.size()) > rule_max_constants)
    throw rule_error(part, 0, "the rule's expressions hold more than " + std::to_string(rule_max_total_ops) +
                                  " operations or " + std::to_string(rule_max_constants) +
                                  " constants in all: write them shorter");
  rule_expression out;
  out.first = static_cast<uint16_t>(ops);
  out.count = static_cast<uint8_t>(e.ops.size());
  out.invariant = static_cast<uint8_t>(e.invariant);
  for (rule_op o : e.ops) {
    if (o.code == rule_code::constant) o.k += constants;
    p.ops[ops++] = o;
  }
  for (int64_t c : e.constants) p.constants[constants++] = c;
  return out;
}

}  // namespace

rule_error::rule_error(std::string part, int column, const std::string& message)
    : std::invalid_argument((part.empty() ? "" : part + (column > 0 ? ", " : ": ")) +
                            (column > 0 ? "column " + std::to_string(column) + ": " : "") + message),
      part_(std::move(part)),
      column_(column) {}

rule_definition::rule_definition(rule_text text) {
  auto l = std::make_shared<lowered>();
  if (text.parameters.empty())
    throw rule_error("parameters", 0, "a rule family needs at least one parameter, such as n");
  for (size_t k = 0; k < text.parameters.size(); ++k) {
    const auto& p = text.parameters[k];
    if (!is_identifier(p.name))
      throw rule_error("parameters", 0, "'" + p.name + "' is not a name (letters, digits and _)");
    if (p.name == "x" || p.name == "i")
      throw rule_error("parameters", 0, "'" + p.name + "' is the rule's own name for the " +
                                            (p.name == "x" ? "label" : "dimension") +
                                            ": call the parameter something else");
    for (size_t j = 0; j < k; ++j)
      if (text.parameters[j].name == p.name)
        throw rule_error("parameters", 0, "'" + p.name + "' is named twice");
    if (p.hi < p.lo)
      throw rule_error("parameters", 0, "'" + p.name + "' has the empty range " + std::to_string(p.lo) +
                                            ".." + std::to_string(p.hi));
  }
  if (text.neighbors.empty())
    throw rule_error("neighbors", 0, "a rule family needs at least one neighbour expression, such as x ^ (1 << i)");
  if (text.neighbors.size() > static_cast<size_t>(rule_max_neighbor_rules))
    throw rule_error("neighbors", 0, "at most " + std::to_string(rule_max_neighbor_rules) +
                                         " neighbour expressions (each may give one neighbour per dimension)");
  l->bits = lower_expression(text, "bits", text.bits, rule_reads::parameters, expr::scalar::integer);
  if (!text.member.empty())
    l->member = lower_expression(text, "member", text.member, rule_reads::label, expr::scalar::boolean);
  for (size_t k = 0; k < text.neighbors.size(); ++k)
    l->neighbors.push_back(lower_expression(text, "neighbors[" + std::to_string(k) + "]", text.neighbors[k],
                                            rule_reads::label_and_dimension, expr::scalar::integer));
  std::string all = text.name + "\n" + text.bits + "\n" + text.member;
  for (const auto& p : text.parameters) all += "\n" + p.name + ":" + std::to_string(p.lo) + ".." + std::to_string(p.hi);
  for (const auto& n : text.neighbors) all += "\n" + n;
  l->digest = core::text_digest_hex(all);
  l->text = std::move(text);
  impl_ = std::move(l);
}

const rule_text& rule_definition::text() const { return impl_->text; }
std::string rule_definition::digest() const { return impl_->digest; }

rule_instance rule_definition::instantiate(const std::vector<int64_t>& values, rule_ranking ranking) const {
  const rule_text& t = impl_->text;
  if (values.size() != t.parameters.size())
    throw rule_error("", 0, "rule family '" + t.name + "' takes " + std::to_string(t.parameters.size()) +
                                " parameters, not " + std::to_string(values.size()));
  for (size_t k = 0; k < values.size(); ++k)
    if (values[k] < t.parameters[k].lo || values[k] > t.parameters[k].hi)
      throw rule_error("", 0, t.name + ": parameter '" + t.parameters[k].name + "' = " +
                                  std::to_string(values[k]) + " is out of range " +
                                  std::to_string(t.parameters[k].lo) + ".." + std::to_string(t.parameters[k].hi));
  const std::string where = t.name + " " + values_text(t, values);

  rule_family f;
  int ops = 0, constants = 0;
  // The label width: the parameters alone.
  {
    rule_program scratch;
    int o = 0, c = 0;
    const rule_expression e = place(scratch, o, c, specialize(impl_->bits, values), "bits");
    bool fail = false;
    const int64_t bits = rule_evaluate(scratch, e, 0, 0, fail);
    if (fail)
      throw rule_error("bits", 0, where + ": " + explain_failure(scratch, e, specialize(impl_->bits, values).op_node,
                                                                  impl_->bits.tree, 0, 0));
    const int most = impl_->member ? rule_max_enumerated_bits : 63;
    if (bits < 1 || bits > most)
      throw rule_error("bits", 0, where + ": bits = " + std::to_string(bits) + " is outside 1.." +
                                      std::to_string(most) +
                                      (impl_->member ? " (a rule with a member predicate tries all 2^bits labels)" : ""));
    f.label_bits = static_cast<int>(bits);
  }

  auto storage = std::make_shared<rule_storage>();
  storage->host.definition = impl_;
  storage->host.values = values;
  std::vector<int> member_nodes;
  if (impl_->member) {
    const instance_expression m = specialize(*impl_->member, values);
    f.program.member = place(f.program, ops, constants, m, "member");
    if (m.fails_everywhere)
      throw rule_error("member", 0, where + ", at every label: " +
                                        explain_failure(f.program, f.program.member, m.op_node,
                                                        impl_->member->tree, 0, 0));
    member_nodes = m.op_node;
  }
  int degree = 0;
  f.hamming = f.symmetric_by_form = true;
  for (size_t k = 0; k < impl_->neighbors.size(); ++k) {
    const lowered_expression& n = impl_->neighbors[k];
    const instance_expression s = specialize(n, values);
    rule_expression e = place(f.program, ops, constants, s, n.part);
    if (s.fails_everywhere)  // refused before any work: the graph would have no edge of it
      throw rule_error(n.part, 0, where + ", at every label: " +
                                      explain_failure(f.program, e, s.op_node, n.tree, 0, 0));
    e.per_dimension = n.reads_dimension;
    if (n.flips_dimension) e.shape = rule_shape::flip_dimension;
    f.program.neighbors[f.program.neighbor_rules++] = e;
    storage->host.neighbor_op_nodes.push_back(s.op_node);
    f.hamming = f.hamming && n.flips_one_bit;
    f.symmetric_by_form = f.symmetric_by_form && n.involution;
    degree += n.reads_dimension ? f.label_bits : 1;
  }
  if (degree > rule_max_degree)
    throw rule_error("neighbors", 0, where + ": a label has up to " + std::to_string(degree) +
                                         " neighbour values (one per dimension of each expression that "
                                         "reads i); rule families allow at most " +
                                         std::to_string(rule_max_degree));
  f.degree_bound = degree;
  f.may_repeat = !(f.program.neighbor_rules == 1 && f.program.neighbors[0].shape == rule_shape::flip_dimension);

  // The block: the failure word, then (with a predicate) the members and their directory:
  // the bit-count one (two words per 64 labels) or the search's (two buckets a member).
  uint64_t members = uint64_t{1} << f.label_bits;
  member_count counted;
  int directory_bits = 0;
  bool bit_count = false;
  if (impl_->member) {
    if (f.label_bits <= rule_kept_answer_bits)
      core::require_bytes(core::backend::cpu, (uint64_t{1} << f.label_bits) / 8 + 8,
                          "rule family " + where + ": the answers of its 2^" + std::to_string(f.label_bits) + " labels");
    counted = count_members(f.program, f.program.member, f.label_bits);
    if (counted.first_failure != ~uint64_t{0})
      throw rule_error("member", 0, where + " at x = " + label_text(counted.first_failure, f.label_bits) + ": " +
                                        explain_failure(f.program, f.program.member, member_nodes,
                                                        impl_->member->tree, counted.first_failure, 0));
    members = counted.members;
    if (members == 0)
      throw rule_error("member", 0, where + ": no label of " + std::to_string(f.label_bits) +
                                        " bits is a member: the network has no node");
    // About two buckets a member: a search looks at one or two labels.
    while (directory_bits < f.label_bits && (uint64_t{1} << directory_bits) < 2 * members) ++directory_bits;
    const uint64_t bit_count_words = counted.accepted.size() + (counted.accepted.size() + 1) / 2;  // bits, counts
    bit_count = !counted.accepted.empty() && ranking != rule_ranking::search &&
                (ranking == rule_ranking::bit_count || 8 * bit_count_words <= (uint64_t{1} << 26) ||
                 bit_count_words <= (uint64_t{1} << directory_bits) + 1);
  }
  const uint64_t directory_words = bit_count ? counted.accepted.size() + (counted.accepted.size() + 1) / 2
                                             : (uint64_t{1} << directory_bits) + 1;
  const uint64_t table_words = impl_->member ? members + directory_words : 0;
  core::require_bytes(core::backend::cpu, 8 * (2 + table_words),
                      "rule family " + where + ": its " + std::to_string(members) + " member labels");
  storage->block = core::allocate_shared_block(8 * (2 + table_words));
  uint64_t* words = static_cast<uint64_t*>(storage->block.get());
  words[0] = ~uint64_t{0};
  f.failed_label = words;
  f.nodes = members;
  if (impl_->member) {
    uint64_t* list = words + 2;
    uint64_t* directory = list + members;
    list_members(f.program, f.program.member, f.label_bits, counted, list, bit_count ? directory : nullptr);
    f.members = list;
    if (bit_count) {
      f.member_bits = directory;
      f.member_below = reinterpret_cast<const uint32_t*>(directory + counted.accepted.size());
    } else {
      f.directory_shift = f.label_bits - directory_bits;
      uint64_t at = 0;
      for (uint64_t b = 0; b <= (uint64_t{1} << directory_bits); ++b) {
        while (at < members && (list[at] >> f.directory_shift) < b) ++at;
        directory[b] = at;
      }
      f.directory = directory;
    }
  }
  f.host = &storage->host;
  return {f, std::shared_ptr<const void>(storage, storage.get())};
}

std::optional<std::string> rule_failure(const rule_family& f) {
  if (!f.failed_label || *f.failed_label == ~uint64_t{0} || !f.host) return std::nullopt;
  const uint64_t x = *f.failed_label;
  const rule_definition::lowered& d = *f.host->definition;
  const std::string head = "rule family " + d.text.name + " " + values_text(d.text, f.host->values) + ", ";
  for (int k = 0; k < f.program.neighbor_rules; ++k) {
    const rule_expression& e = f.program.neighbors[k];
    if (e.shape == rule_shape::flip_dimension) continue;
    for (int i = 0; i < (e.per_dimension ? f.label_bits : 1); ++i) {
      bool fail = false;
      (void)rule_evaluate(f.program, e, x, i, fail);
      if (!fail) continue;
      return head + d.neighbors[k].part + " at x = " + label_text(x, f.label_bits) +
             (e.per_dimension ? ", i = " + std::to_string(i) : "") + ": " +
             explain_failure(f.program, e, f.host->neighbor_op_nodes[k], d.neighbors[k].tree, x, i);
    }
  }
  return head + "a neighbour expression failed at x = " + label_text(x, f.label_bits);
}

}  // namespace tv::families
