export {
  anySession,
  publicRoute,
  route,
  signedIn,
  type Policy,
  type CallWith,
  type RouteAccess,
  type RouteCall,
  type RouteOptions,
} from './declare';
export { declarationProblem, registerDeclarationCheck, registerRouteRules } from './hooks';
export { isReadOnlySession, READ_ONLY_SESSION_DETAIL } from './read-only';
export { compiledSerializerCompiler, responseSerializerCompiler, wireConstant } from './serializer';
