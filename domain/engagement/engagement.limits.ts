// SPEC §9: how much of each user's history is kept, and how many views feed recommendations.
export const VIEW_HISTORY_LIMIT = 20;
export const SEARCH_HISTORY_LIMIT = 10;
export const RECOMMENDATION_SEED_COUNT = 6;
