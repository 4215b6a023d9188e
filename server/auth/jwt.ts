import { createHmac } from "node:crypto";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { Role } from "@/schemas/roles";

const ALG = "HS256";

export interface AccessClaims {
  sub: string;
  org: string;
  role: Role;
  jti: string;
  /** The refresh-token family (session) the token was issued from: revoking it ends the token too. */
  sid?: string;
}

let keyCache: { source: string; key: Uint8Array } | undefined;

// Derived rather than used raw, so the access-token key differs from next-auth's even when both
// come from AUTH_SECRET.
function signingKey(): Uint8Array {
  const source = getEnv().JWT_SECRET;
  if (keyCache?.source !== source) {
    keyCache = { source, key: createHmac("sha256", source).update("signalgate/access-token/v1").digest() };
  }
  return keyCache.key;
}

export async function signAccessToken(
  claims: Omit<AccessClaims, "jti">,
  now = new Date(),
): Promise<{ token: string; expiresIn: number }> {
  const env = getEnv();
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ org: claims.org, role: claims.role, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(claims.sub)
    .setJti(newId("req").replace(/^req_/, "jti_"))
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + env.ACCESS_TOKEN_TTL_SECONDS)
    .sign(signingKey());
  return { token, expiresIn: env.ACCESS_TOKEN_TTL_SECONDS };
}

/** Verify signature (HS256 only), issuer, audience and expiry; map failures to contract codes. */
export async function verifyAccessToken(token: string, now = new Date()): Promise<AccessClaims> {
  const env = getEnv();
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: [ALG],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat", "jti"],
    });
    if (typeof payload.org !== "string" || typeof payload.role !== "string" || !payload.sub || !payload.jti) {
      throw new AppError("unauthenticated", "The access token is missing required claims.");
    }
    const sid = typeof payload.sid === "string" ? payload.sid : undefined;
    return {
      sub: payload.sub,
      org: payload.org,
      role: payload.role as Role,
      jti: payload.jti,
      ...(sid ? { sid } : {}),
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError("token_expired");
    throw new AppError("unauthenticated", "The access token is not valid.");
  }
}
