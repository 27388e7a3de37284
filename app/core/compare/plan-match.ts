// Matches the plan nodes of N runs to each other: by id and by the similarity of their
// normalized text, one-to-one, so "2. In which city was #1 born?" lines up with the other run's
// sub-question about the same thing even when the plans number their steps differently.
import { normalizeText } from '../metrics/normalize';
import type { PlanNode } from '../schema/trajectory';

export interface NodeGroup {
  /** Per side the node in this group, or null. */
  nodes: Array<PlanNode | null>;
}

/** Similarity needed for a match between nodes of different ids, and between nodes of the same id. */
export const MIN_SIMILARITY = 0.5;
export const MIN_SIMILARITY_SAME_ID = 0.2;

function tokens(s: string): Set<string> {
  return new Set(normalizeText(s).split(' ').filter(Boolean));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter += 1;
  return inter / (a.size + b.size - inter);
}

/** Token Jaccard of the texts as written and as resolved (`#1` filled in), whichever is higher. */
export function nodeSimilarity(a: PlanNode, b: PlanNode): number {
  const raw = jaccard(tokens(a.text), tokens(b.text));
  const resolved = jaccard(tokens(a.resolvedText ?? a.text), tokens(b.resolvedText ?? b.text));
  return Math.max(raw, resolved);
}

/**
 * Groups the nodes of every side's plan. The first side's nodes seed the groups in plan order;
 * each later side matches greedily, best score first, to at most one node per group; a node left
 * unmatched gets its own group right after the group of its side's previous node.
 */
export function matchPlans(plans: ReadonlyArray<readonly PlanNode[]>): NodeGroup[] {
  const sides = plans.length;
  const groups: NodeGroup[] = (plans[0] ?? []).map((n) => ({
    nodes: Array.from({ length: sides }, (_, i) => (i === 0 ? n : null)),
  }));
  for (let s = 1; s < sides; s++) {
    const nodes = plans[s] ?? [];
    const pairs: Array<{ node: number; group: number; score: number }> = [];
    nodes.forEach((n, ni) =>
      groups.forEach((g, gi) => {
        const others = g.nodes.filter((x): x is PlanNode => x !== null);
        const sim = Math.max(0, ...others.map((o) => nodeSimilarity(n, o)));
        const sameId = others.some((o) => o.id === n.id);
        if (sim >= MIN_SIMILARITY || (sameId && sim >= MIN_SIMILARITY_SAME_ID))
          pairs.push({ node: ni, group: gi, score: sim + (sameId ? 0.25 : 0) });
      }),
    );
    pairs.sort((a, b) => b.score - a.score || a.node - b.node || a.group - b.group);
    const nodeTo = new Map<number, NodeGroup>();
    const taken = new Set<number>();
    for (const p of pairs) {
      if (nodeTo.has(p.node) || taken.has(p.group)) continue;
      const g = groups[p.group];
      if (!g) continue;
      nodeTo.set(p.node, g);
      taken.add(p.group);
    }
    let prev: NodeGroup | null = null;
    nodes.forEach((n, ni) => {
      let g = nodeTo.get(ni);
      if (!g) {
        g = { nodes: Array.from({ length: sides }, () => null) };
        groups.splice(prev ? groups.indexOf(prev) + 1 : 0, 0, g);
      }
      g.nodes[s] = n;
      prev = g;
    });
  }
  return groups;
}
