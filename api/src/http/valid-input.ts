import type { Request, RequestHandler } from 'express';
import { findInputProblem, joinPath, textProblem } from './input-text';

/** The first input of a REST request that breaks the text rule (input-text.ts), as a message. */
export function restInputProblem(req: Request): { message: string; field: string | null } | null {
  for (const raw of req.path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      continue; // not percent-decodable: the router answers it (400 or 404)
    }
    const problem = textProblem(segment);
    if (problem) return { message: `The URL path ${problem}`, field: null };
  }
  const query = findInputProblem(req.query);
  if (query) {
    const [key, ...rest] = query.path;
    const name = key === undefined ? 'The query string' : `Query parameter "${key}"`;
    return {
      message: `${name}${rest.length ? ` at "${joinPath(rest)}"` : ''} ${query.problem}`,
      field: null,
    };
  }
  const body = findInputProblem(req.body);
  if (body) {
    const field = body.path.length ? joinPath(body.path) : null;
    return { message: `${field ? `Body field "${field}"` : 'The request body'} ${body.problem}`, field };
  }
  return null;
}

/**
 * Refuses a request whose URL path, query string or JSON body (after `jsonBody`) has text that
 * breaks the rule with 400 `{ message, code: 'BAD_USER_INPUT', field }` before any route runs.
 * Multipart fields are not parsed yet here: the upload routes take only files and names that are
 * sanitised.
 */
export function validInput(): RequestHandler {
  return (req, res, next) => {
    const problem = restInputProblem(req);
    if (!problem) return next();
    res.status(400).json({ message: problem.message, code: 'BAD_USER_INPUT', field: problem.field });
  };
}
