import { SignJWT } from 'jose';
import { ONLINE_CONTRACTS_TOKEN_MS } from 'shared-kernel/contracts';

/**
 * The token the new-conclusion screen hands the online-contracts page (beta flag
 * new_conclusion_frame, spec 000 §2/§9): a JWT signed with HS256 and ONLINE_CONTRACTS_SECRET,
 * valid 300000 ms, carrying the schools the user is working with (the session's filter
 * within the allowed schools), so the page creates conclusions only for those.
 */
export interface OnlineContractsClaims {
  /** User id. */
  sub: string;
  /** Active school ids: the session's filter within the user's schools. */
  schools: number[];
  /** The page's origin (who the token is for). */
  aud: string;
  /** This back office (PUBLIC_URL). */
  iss: string;
}

/** Signs the claims; iat = now, exp = now + 300000 ms (in whole seconds, as JWT counts). */
export async function signOnlineContractsToken(claims: OnlineContractsClaims, secret: string, now: Date): Promise<{ token: string; exp: Date }> {
  const exp = new Date(now.getTime() + ONLINE_CONTRACTS_TOKEN_MS);
  const token = await new SignJWT({ schools: claims.schools })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience(claims.aud)
    .setIssuer(claims.iss)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(exp.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
  return { token, exp };
}
