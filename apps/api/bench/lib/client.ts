/** A small JSON client for setting up bench data through the API itself. */
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token?: string,
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { timeoutMs?: number; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> {
    const token = options.token ?? this.token;
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Registers `username` and signs in; the client then carries the access token. */
  async signUp(username: string, password: string): Promise<{ id: number; access: string }> {
    const registered = await this.request<{ id: number }>('POST', '/api/user/register/', {
      username,
      password,
    });
    if (registered.status !== 201) {
      throw new Error(
        `register ${username}: ${registered.status} ${JSON.stringify(registered.body)}`,
      );
    }
    const login = await this.request<{ access: string }>('POST', '/api/token/', {
      username,
      password,
    });
    if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
    this.token = login.body.access;
    return { id: registered.body.id, access: login.body.access };
  }

  async create(path: string, body: unknown): Promise<{ id: number }> {
    const res = await this.request<{ id: number }>('POST', path, body);
    if (res.status !== 201)
      throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

/** A note's text of a realistic length (a few sentences), distinct per index. */
export function noteText(i: number): { title: string; content: string } {
  return {
    title: `Note ${i}: planning`,
    content:
      `Meeting notes ${i}. We went through the quarterly plan, agreed on the next three ` +
      'milestones and moved the release review to Thursday. Open questions: budget for the ' +
      'design work, who owns the migration, and whether the beta needs a second round.',
  };
}
