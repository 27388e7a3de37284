// The Retriever port (docs/architecture.md §2) and the shapes every retriever adapter returns: the in-browser
// BM25 / dense / hybrid indexes in a worker and the remote HTTP retrievers alike. Pure types.

/** A retrievable unit of a corpus: one paragraph with the title of the page it came from. */
export interface Passage {
  id: string;
  title: string;
  text: string;
}

/** One component's view of a hit inside a fused (hybrid) result. */
export interface ComponentScore {
  /** 1-based rank in that component's list. */
  rank: number;
  /** That component's own score (BM25 score, or cosine / dot product). */
  score: number;
}

export interface SearchHit {
  id: string;
  title: string;
  text: string;
  /** 1-based position in this result list. */
  rank: number;
  /** The retriever's score (BM25, dot product, fused score); higher is better. */
  score: number;
  /** Analyzed query terms (after tokenization and stemming) found in this passage; lexical only. */
  matchedTerms?: string[];
  /** For fused results: the rank and score of this passage in each component list it appeared in. */
  components?: { bm25?: ComponentScore; dense?: ComponentScore };
}

export interface Retriever {
  /** One ranked list (best first, at most k hits) per query, in the order of `queries`. */
  search(queries: string[], k: number): Promise<SearchHit[][]>;
}
