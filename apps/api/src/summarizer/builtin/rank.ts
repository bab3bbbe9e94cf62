/**
 * Sentence vectors and centrality. Vectors are sparse TF-IDF (log-scaled term frequency, smoothed
 * IDF over the note's own sentences), L2-normalised, so a dot product is a cosine similarity.
 */

export interface SparseVector {
  ids: Int32Array;
  weights: Float64Array;
}

export interface VectorSpace {
  vectors: SparseVector[];
  /** Number of distinct terms. */
  size: number;
  vectorize(terms: readonly string[]): SparseVector;
}

const EMPTY: SparseVector = { ids: new Int32Array(0), weights: new Float64Array(0) };

export function buildSpace(docs: readonly (readonly string[])[]): VectorSpace {
  const ids = new Map<string, number>();
  const df: number[] = [];
  const counts: Map<number, number>[] = [];
  for (const terms of docs) {
    const tf = new Map<number, number>();
    for (const t of terms) {
      let id = ids.get(t);
      if (id === undefined) {
        id = ids.size;
        ids.set(t, id);
        df.push(0);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    for (const id of tf.keys()) df[id]!++;
    counts.push(tf);
  }
  const n = docs.length;
  const idf = df.map((d) => Math.log(1 + n / d));
  const toVector = (tf: Map<number, number>): SparseVector => {
    if (tf.size === 0) return EMPTY;
    const vid = new Int32Array(tf.size);
    const w = new Float64Array(tf.size);
    let k = 0;
    let norm = 0;
    for (const [id, c] of tf) {
      vid[k] = id;
      const x = (1 + Math.log(c)) * idf[id]!;
      w[k++] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < w.length; i++) w[i]! /= norm;
    return { ids: vid, weights: w };
  };
  return {
    vectors: counts.map(toVector),
    size: ids.size,
    vectorize(terms) {
      const tf = new Map<number, number>();
      for (const t of terms) {
        const id = ids.get(t);
        if (id !== undefined) tf.set(id, (tf.get(id) ?? 0) + 1);
      }
      return toVector(tf);
    },
  };
}

/** Cosine similarity of two normalised sparse vectors through a dense scratch row. */
export function dotWithDense(v: SparseVector, dense: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.ids.length; i++) s += v.weights[i]! * dense[v.ids[i]!]!;
  return s;
}

export function addToDense(v: SparseVector, dense: Float64Array, factor = 1): void {
  for (let i = 0; i < v.ids.length; i++) dense[v.ids[i]!]! += factor * v.weights[i]!;
}

/** Above this many sentences the full similarity graph is not built (its cost grows as n²). */
export const GRAPH_MAX = 300;

export interface Centrality {
  /** LexRank (PageRank over the cosine graph) for small notes, degree centrality above GRAPH_MAX. */
  global: Float64Array;
  /** Similarity mass towards later sentences: a sentence the rest of the note elaborates on. */
  forward: Float64Array;
}

/**
 * Degree sums come from running vector sums, never from pairs: sim(i, ·) summed over j < i equals
 * v_i · (v_0 + … + v_{i-1}), so both directions cost O(total terms) at any note length.
 */
function directedDegrees(space: VectorSpace): { backward: Float64Array; total: Float64Array } {
  const n = space.vectors.length;
  const prefix = new Float64Array(space.size);
  const sum = new Float64Array(space.size);
  const backward = new Float64Array(n);
  const total = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = space.vectors[i]!;
    backward[i] = dotWithDense(v, prefix);
    addToDense(v, prefix);
    addToDense(v, sum);
  }
  for (let i = 0; i < n; i++) {
    const v = space.vectors[i]!;
    let self = 0;
    for (let k = 0; k < v.weights.length; k++) self += v.weights[k]! * v.weights[k]!;
    total[i] = dotWithDense(v, sum) - self;
  }
  return { backward, total };
}

/** Pairwise cosine similarities through an inverted index; only for n ≤ GRAPH_MAX. */
function similarityMatrix(space: VectorSpace): Float64Array {
  const n = space.vectors.length;
  const postings: { doc: number; w: number }[][] = Array.from({ length: space.size }, () => []);
  space.vectors.forEach((v, doc) => {
    for (let k = 0; k < v.ids.length; k++) postings[v.ids[k]!]!.push({ doc, w: v.weights[k]! });
  });
  const sim = new Float64Array(n * n);
  for (const list of postings) {
    for (let a = 0; a < list.length; a++) {
      const pa = list[a]!;
      for (let b = a + 1; b < list.length; b++) {
        const pb = list[b]!;
        const x = pa.w * pb.w;
        sim[pa.doc * n + pb.doc]! += x;
        sim[pb.doc * n + pa.doc]! += x;
      }
    }
  }
  return sim;
}

/**
 * Continuous LexRank: PageRank on the row-normalised cosine graph. The graph is kept as sparse
 * rows (most sentence pairs share no term) and the walk starts from degree centrality, which is
 * already close to the answer, so a 1,000-word note converges in a few dozen cheap steps.
 */
function lexRank(sim: Float64Array, n: number, damping = 0.85, maxIterations = 100): Float64Array {
  const rowStart = new Int32Array(n + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  const dangling: number[] = [];
  const degree = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const row = i * n;
    let s = 0;
    for (let j = 0; j < n; j++) s += sim[row + j]!;
    degree[i] = s;
    if (s === 0) dangling.push(i);
    else {
      for (let j = 0; j < n; j++) {
        const x = sim[row + j]!;
        if (x !== 0) {
          cols.push(j);
          vals.push(x / s);
        }
      }
    }
    rowStart[i + 1] = cols.length;
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += degree[i]!;
  let rank = new Float64Array(n);
  for (let i = 0; i < n; i++) rank[i] = total > 0 ? (degree[i]! + 1 / n) / (total + 1) : 1 / n;
  let next = new Float64Array(n);
  for (let it = 0; it < maxIterations; it++) {
    let lost = 0;
    for (const i of dangling) lost += rank[i]!;
    next.fill((1 - damping) / n + (damping * lost) / n);
    for (let i = 0; i < n; i++) {
      const share = damping * rank[i]!;
      for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) next[cols[k]!]! += share * vals[k]!;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i]! - rank[i]!);
    [rank, next] = [next, rank];
    // The ranks sum to 1; a change this small no longer reorders sentences.
    if (delta < 1e-5) break;
  }
  return rank;
}

export function centrality(space: VectorSpace): Centrality {
  const n = space.vectors.length;
  const { backward, total } = directedDegrees(space);
  const forward = new Float64Array(n);
  for (let i = 0; i < n; i++) forward[i] = total[i]! - backward[i]!;
  const global = n <= GRAPH_MAX ? lexRank(similarityMatrix(space), n) : total;
  return { global, forward };
}

export function sparseDot(a: SparseVector, b: SparseVector): number {
  // Both id lists are short; a nested scan beats building maps for sentence-sized vectors.
  let s = 0;
  for (let i = 0; i < a.ids.length; i++) {
    const id = a.ids[i]!;
    for (let j = 0; j < b.ids.length; j++) if (b.ids[j] === id) s += a.weights[i]! * b.weights[j]!;
  }
  return s;
}
