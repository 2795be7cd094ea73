import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Which address a request counts against (rate limit, event streams, access
 * log). Behind proxies, `X-Forwarded-For` is read from the right: each
 * trusted proxy appended the address it saw, so the client is the right-most
 * address that is not a trusted proxy. Entries further left were written by
 * the client and are never believed (the left-most entry is a free bypass).
 */

/** `DS_TRUST_PROXY=true`: the proxies are on this machine or a private network. */
export const TRUST_PRIVATE = ['loopback', 'linklocal', 'uniquelocal'];

/** Returns the client address of a request. */
export type ClientOf = (req: IncomingMessage) => string;

/**
 * Reads `DS_TRUST_PROXY`: `false` (or empty) trusts no proxy, `true` trusts
 * loopback and private networks, else a comma-separated list of addresses,
 * CIDRs or the names loopback/linklocal/uniquelocal. Throws on a bad entry.
 * @example parseTrustedProxies('10.0.0.0/8, 192.168.1.5') // ['10.0.0.0/8', '192.168.1.5']
 */
export function parseTrustedProxies(text: string): string[] {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false') return [];
  if (value === 'true') return TRUST_PRIVATE;
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  proxyaddr.compile(list); // throws a TypeError naming the bad entry
  return list;
}

/** The client-address rule for a list of trusted proxies (empty: the socket's address). */
export function clientAddressRule(trusted: readonly string[]): ClientOf {
  const socketAddress: ClientOf = (req) => req.socket.remoteAddress ?? 'unknown';
  if (trusted.length === 0) return socketAddress;
  const trust = proxyaddr.compile([...trusted]);
  return (req) => (req.socket.remoteAddress ? proxyaddr(req, trust) : 'unknown');
}

/** Headers a proxy adds when it passes a request on. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * True for a request from this machine that came through no proxy: its
 * socket's peer is a loopback address and it names no forwarded client. A
 * proxy on this machine makes every visitor's socket a loopback one, so the
 * forwarding headers it adds count as "not local".
 */
export function isDirectLocal(req: IncomingMessage): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}
