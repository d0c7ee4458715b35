// Ranking agents by reviews. A plain average lets one 5-star review beat forty 4.8s, so the
// ranking shrinks every agent towards the site-wide mean as if they had PRIOR_WEIGHT extra
// reviews at that mean (a Bayesian average). The displayed rating stays the plain average.

/** How many reviews' worth of trust the site-wide mean gets. */
export const PRIOR_WEIGHT = 5;

export interface RatingSummary {
  /** Sum of the agent's ratings. */
  sum: number;
  /** Number of the agent's reviews. */
  count: number;
}

/** (m*C + sum) / (m + n); with no reviews at all it is the prior mean itself. */
export function bayesianRating(agent: RatingSummary, priorMean: number, priorWeight = PRIOR_WEIGHT): number {
  if (agent.count < 0 || priorWeight < 0) throw new RangeError("counts cannot be negative");
  const weight = priorWeight + agent.count;
  if (weight === 0) return priorMean;
  return (priorWeight * priorMean + agent.sum) / weight;
}

/** The site-wide mean C from every agent's totals; null when there is no review anywhere. */
export function siteMeanRating(summaries: readonly RatingSummary[]): number | null {
  let sum = 0;
  let count = 0;
  for (const s of summaries) {
    sum += s.sum;
    count += s.count;
  }
  return count === 0 ? null : sum / count;
}

export interface RankableAgent extends RatingSummary {
  name: string;
}

/**
 * Agents with at least one review, best first by Bayesian average; ties go to the agent with
 * more reviews, then by name so the order is stable.
 */
export function rankByBayesianRating<T extends RankableAgent>(
  agents: readonly T[],
  priorMean: number,
  priorWeight = PRIOR_WEIGHT,
): Array<T & { score: number }> {
  return agents
    .filter((a) => a.count > 0)
    .map((a) => ({ ...a, score: bayesianRating(a, priorMean, priorWeight) }))
    .sort((a, b) => b.score - a.score || b.count - a.count || a.name.localeCompare(b.name));
}
