/**
 * A `WebhookTransport` for tests: it sends nothing, records every request, and answers as the test
 * programs it (by default `200` with an empty body).
 *
 * @module
 */

import type { WebhookRequest, WebhookResponse, WebhookTransport } from "../webhooks/index.ts";

/** A request as the transport received it (without its abort signal). */
export type RecordedWebhookRequest = Omit<WebhookRequest, "signal">;

/** What the transport answers: a response or an error, or a function of the request that gives one. */
export type WebhookAnswer = WebhookResponse | ((request: RecordedWebhookRequest) => WebhookResponse);

/** The answer of a transport that was told nothing: `200` with an empty body. */
export const OK_RESPONSE: WebhookResponse = { kind: "response", statusCode: 200, body: "", headers: {} };

interface Rule {
  url: string | null;
  answer: WebhookAnswer;
  /** Requests left to answer; null: every one. */
  left: number | null;
}

/**
 * Records each request and answers it with the most recent matching rule (`answer`), else the
 * default answer.
 *
 * @example
 * const transport = new RecordingWebhookTransport();
 * transport.answer({ kind: "response", statusCode: 500, body: "down" }, { url: "https://a.example/hook", times: 1 });
 * transport.answer({ kind: "error", error: "connection refused" }, { url: "https://b.example/hook" });
 * // … run deliveries …
 * transport.requestsTo("https://a.example/hook").length; // how many were sent there
 */
export class RecordingWebhookTransport implements WebhookTransport {
  /** Every request received, in order. */
  readonly requests: RecordedWebhookRequest[] = [];
  #rules: Rule[] = [];
  #fallback: WebhookAnswer;

  /** `answer`: what every request gets unless a rule says otherwise; default `OK_RESPONSE`. */
  constructor(answer: WebhookAnswer = OK_RESPONSE) {
    this.#fallback = answer;
  }

  /**
   * Answers later requests with `answer`: only those to `options.url` when given, only the next
   * `options.times` of them when given. The last rule added that matches wins.
   */
  answer(answer: WebhookAnswer, options: { url?: string; times?: number } = {}): this {
    this.#rules.push({ url: options.url ?? null, answer, left: options.times ?? null });
    return this;
  }

  /** The requests sent to `url`, in order. */
  requestsTo(url: string): RecordedWebhookRequest[] {
    return this.requests.filter((request) => request.url === url);
  }

  /** Forgets the requests and the rules (the default answer stays). */
  reset(): void {
    this.requests.length = 0;
    this.#rules = [];
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const recorded: RecordedWebhookRequest = { url: request.url, body: request.body, headers: { ...request.headers } };
    this.requests.push(recorded);
    let answer = this.#fallback;
    for (let index = this.#rules.length - 1; index >= 0; index -= 1) {
      const rule = this.#rules[index] as Rule;
      if (rule.url !== null && rule.url !== request.url) continue;
      if (rule.left !== null) {
        rule.left -= 1;
        if (rule.left <= 0) this.#rules.splice(index, 1);
      }
      answer = rule.answer;
      break;
    }
    const response = typeof answer === "function" ? answer({ ...recorded, headers: { ...recorded.headers } }) : answer;
    return structuredClone(response);
  }
}
