"""Graphs of the user's own: networkx, igraph, SciPy and NumPy input give the statistics
of the same graph read from an edge list by the command line's reader, and those equal
networkx's own BFS (an independent reference); a graph of 10^6 nodes goes in from NumPy
without a file."""
import collections

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import topoverify as tv

STATS = ("nodes", "edges", "degree_min", "degree_max", "degree_histogram", "diameter", "radius",
         "wiener", "distance_counts", "unreachable_pairs", "connected", "eccentricity_histogram")


def stats(net):
    rec = net.record(["distances"], backend="cpu").record
    return {k: rec[k] for k in STATS}


def reference(G):
    """distance_counts and unreachable pairs by networkx's BFS from every node."""
    counts = collections.Counter()
    reached = 0
    for _, lengths in nx.all_pairs_shortest_path_length(G):
        counts.update(lengths.values())
        reached += len(lengths)
    n = G.number_of_nodes()
    return [counts[d] for d in range(max(counts) + 1)], n * n - reached


def edge_list_network(G, tmp_path, directed=False):
    index = {v: i for i, v in enumerate(G.nodes)}
    path = tmp_path / "graph.txt"
    path.write_text("".join(f"{index[u]} {index[v]}\n" for u, v in G.edges()))
    return tv.read_edge_list(path, directed=directed)


GRAPHS = {
    "petersen": lambda: nx.petersen_graph(),
    "gnp": lambda: nx.gnp_random_graph(300, 0.02, seed=7),          # not connected
    "barbell": lambda: nx.barbell_graph(12, 30),                     # long diameter
    "labelled": lambda: nx.relabel_nodes(nx.grid_2d_graph(9, 13), str),  # node objects
}


@pytest.mark.parametrize("name", list(GRAPHS))
def test_networkx_equals_edge_list_and_bfs(name, tmp_path):
    G = GRAPHS[name]()
    G.remove_nodes_from([v for v in list(G.nodes) if G.degree(v) == 0])  # an edge list has none
    ours = stats(tv.from_networkx(G))
    assert ours == stats(edge_list_network(G, tmp_path))
    counts, unreachable = reference(G)
    assert ours["distance_counts"] == counts
    assert ours["unreachable_pairs"] == unreachable


def test_directed_networkx_equals_edge_list_and_bfs(tmp_path):
    G = nx.gnp_random_graph(200, 0.03, seed=3, directed=True)
    G.remove_nodes_from([v for v in list(G.nodes) if G.degree(v) == 0])
    net = tv.from_networkx(G)
    assert net.directed
    ours = stats(net)
    assert ours == stats(edge_list_network(G, tmp_path, directed=True))
    counts, unreachable = reference(G)
    assert ours["distance_counts"] == counts and ours["unreachable_pairs"] == unreachable


def test_igraph_equals_edge_list(tmp_path):
    ig = pytest.importorskip("igraph")
    g = ig.Graph.Erdos_Renyi(n=250, m=700)
    g.delete_vertices([v.index for v in g.vs if v.degree() == 0])
    G = nx.Graph(g.get_edgelist())
    assert stats(tv.from_igraph(g)) == stats(edge_list_network(G, tmp_path))
    # igraph's own histogram of path lengths (unordered pairs, once each).
    d = tv.from_igraph(g).distances(backend="cpu")
    hist = g.path_length_hist(directed=False)
    assert d.distance_counts.tolist() == [g.vcount()] + [2 * c for _, _, c in hist.bins()]
    assert d.unreachable_pairs == 2 * hist.unconnected


def test_scipy_and_numpy_equal_networkx():
    G = nx.barbell_graph(8, 20)
    A = nx.to_scipy_sparse_array(G, format="csr")
    ours = stats(tv.from_networkx(G))
    assert stats(tv.from_scipy(sp.csr_matrix(A))) == ours
    assert stats(tv.from_scipy(sp.coo_matrix(A))) == ours
    src, dst = np.nonzero(np.triu(A.toarray()))
    assert stats(tv.from_arrays(src, dst)) == ours
    assert stats(tv.from_arrays(src.astype(np.int32), dst.astype(np.int32))) == ours
    assert stats(tv.from_arrays(src.astype(np.uint16), dst.astype(np.uint16))) == ours


def test_straight_copy_only_when_rows_are_the_graph():
    from topoverify import _engine
    A = sp.csr_matrix(nx.to_scipy_sparse_array(nx.petersen_graph(), format="csr"))
    A.indices = A.indices.astype(np.int32)
    _, straight = _engine.from_rows(10, A.indptr, A.indices, False, "scipy")
    assert straight
    upper = sp.triu(A, format="csr")  # each edge once: not yet the graph's rows
    upper.indices = upper.indices.astype(np.int32)
    inst, straight = _engine.from_rows(10, upper.indptr, upper.indices, False, "scipy")
    assert not straight
    assert stats(tv.Network(inst)) == stats(tv.from_networkx(nx.petersen_graph()))


def test_self_loops_and_repeats_are_counted_as_in_an_edge_list():
    net = tv.from_arrays([0, 1, 1, 3], [1, 0, 2, 3], nodes=4)
    rec = net.record().record
    assert rec["file"] == {"format": "arrays", "lines": 0, "entries": 4, "self_loops": 1,
                           "duplicate_edges": 1}
    assert rec["nodes"] == 4 and rec["edges"] == 2


def test_million_nodes_from_numpy_without_a_file():
    # A ladder of two rows of L = 500,000 nodes (10^6 nodes, 3L - 2 edges): node (r, j)
    # has eccentricity max(j, L - 1 - j) + 1, so the diameter is L (a corner to the far
    # corner of the other row) and the radius ceil((L - 1) / 2) + 1.
    L = 500_000
    ids = np.arange(2 * L, dtype=np.int64).reshape(2, L)
    src = np.concatenate([ids[:, :-1].ravel(), ids[0]])
    dst = np.concatenate([ids[:, 1:].ravel(), ids[1]])
    net = tv.from_arrays(src, dst, nodes=2 * L)
    assert net.nodes == 1_000_000
    d = net.diameter(backend="cpu")
    assert d.nodes == 1_000_000 and d.edges == 3 * L - 2
    assert d.degree_histogram.tolist() == [0, 0, 4, 2 * L - 4]
    assert d.diameter == L and d.radius == (L - 1 + 1) // 2 + 1
    assert d.connected
    # The witness pair is L apart by SciPy's own BFS.
    import scipy.sparse.csgraph as csgraph
    A = sp.coo_matrix((np.ones(len(src)), (src, dst)), shape=(2 * L, 2 * L)).tocsr()
    w = d.diameter_witness
    far = csgraph.shortest_path(A, directed=False, unweighted=True, indices=int(w["source"]))
    assert far[int(w["target"])] == L and far.max() == L


def test_node_objects_map_back():
    G = nx.path_graph(["a", "b", "c", "d"])
    net = tv.from_networkx(G)
    d = net.distances(backend="cpu")
    ecc = dict(zip(net.node_objects, d.eccentricity.tolist()))
    assert ecc == nx.eccentricity(G)
