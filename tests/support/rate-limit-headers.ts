// The IETF rate-limit headers of an answer (token and public explorer answers carry the same ones).
export function rateHeaders(answer: { headers: Headers }) {
  return {
    limit: answer.headers.get('ratelimit-limit'),
    remaining: answer.headers.get('ratelimit-remaining'),
    reset: Number(answer.headers.get('ratelimit-reset')),
    policy: answer.headers.get('ratelimit-policy'),
  };
}
