"""How the rulings hang together: a weighted graph over the records.

Edges come from three sources, strongest first:
  * `related` ids in a record: RELATED_WEIGHT, plus MUTUAL_BONUS when each record
    lists the other;
  * cards both records list: CARD_WEIGHT for each shared card;
  * topics both records carry: TOPIC_WEIGHT for each shared topic, except topics so
    common (more than COMMON_TOPIC_SHARE of the records, or the catch-all ones)
    that sharing them says little.
Each edge keeps the reasons that built it ("related", "shares card X", "shares topic Y").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

RELATED_WEIGHT = 3.0
MUTUAL_BONUS = 1.0
CARD_WEIGHT = 1.0
TOPIC_WEIGHT = 0.4
COMMON_TOPIC_SHARE = 0.12
CATCH_ALL_TOPICS = frozenset({"other", "edition-specific"})


def common_topics(records: dict[str, Any]) -> frozenset[str]:
    """Topics carried by so many records that sharing one is no sign of a link."""
    counts: dict[str, int] = {}
    for record in records.values():
        for topic in set(record.topics):
            counts[topic] = counts.get(topic, 0) + 1
    limit = COMMON_TOPIC_SHARE * len(records)
    return frozenset(t for t, n in counts.items() if n > limit) | CATCH_ALL_TOPICS


@lru_cache(maxsize=1)
def build_graph() -> Any:
    """The graph (networkx.Graph): nodes are record ids, edges carry `weight` and `reasons`."""
    import networkx as nx

    from adjudicator.model.names import normalize
    from adjudicator.rulings.store import aliases, all_rulings

    records = all_rulings()
    table = aliases()
    graph: nx.Graph[str] = nx.Graph()
    for record in records.values():
        graph.add_node(record.id)

    def link(a: str, b: str, weight: float, reason: str) -> None:
        if a == b:
            return
        if graph.has_edge(a, b):
            data = graph.edges[a, b]
            if reason in data["reasons"]:
                return
            data["weight"] += weight
            data["reasons"].append(reason)
        else:
            graph.add_edge(a, b, weight=weight, reasons=[reason])

    listed: set[tuple[str, str]] = set()
    for record in records.values():
        for other in record.related:
            target = table.get(other)
            if target is not None and target != record.id:
                listed.add((record.id, target))
    for a, b in sorted(listed):
        if (b, a) in listed:
            if a < b:
                link(a, b, RELATED_WEIGHT + MUTUAL_BONUS, "related")
        else:
            link(a, b, RELATED_WEIGHT, "related")

    by_card: dict[str, tuple[str, list[str]]] = {}
    for record in records.values():
        for name in record.cards:
            key = normalize(name)
            shown, ids = by_card.setdefault(key, (name, []))
            if record.id not in ids:
                ids.append(record.id)
    for shown, ids in by_card.values():
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                link(a, b, CARD_WEIGHT, f"shares card {shown}")

    skip = common_topics(records)
    by_topic: dict[str, list[str]] = {}
    for record in records.values():
        for topic in record.topics:
            if topic not in skip and record.id not in by_topic.setdefault(topic, []):
                by_topic[topic].append(record.id)
    for topic, ids in by_topic.items():
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                link(a, b, TOPIC_WEIGHT, f"shares topic {topic}")
    return graph


def related_rulings(ruling_id: str, limit: int = 6) -> list[tuple[Any, float, list[str]]]:
    """The records most closely linked to this id (or alias), strongest first, with the reasons.

    Raises KeyError for an id that no record answers to.
    """
    from adjudicator.rulings.store import aliases, all_rulings

    canonical = aliases().get(ruling_id)
    if canonical is None:
        raise KeyError(ruling_id)
    graph = build_graph()
    records = all_rulings()
    ranked = sorted(graph[canonical].items(), key=lambda item: (-item[1]["weight"], item[0]))
    return [
        (records[other], round(data["weight"], 3), list(data["reasons"])) for other, data in ranked[: max(limit, 0)]
    ]
