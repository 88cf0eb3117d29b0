import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers for every response, with a Content-Security-Policy that allows only our own origin.
 * A route may set one of them itself, and its own value is kept: the share previews respond with
 * `Cross-Origin-Resource-Policy: cross-origin`, since other sites show them (decision 026).
 */
export function securityHeaders(options: { isHttps: boolean }) {
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // motion and Radix position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: options.isHttps ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
