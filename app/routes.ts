import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every path of the site. Their titles, descriptions and headings live in
// content/pages.ts; a unit test keeps the two in step.
export default [
  index("routes/home.tsx"),
  route("mission", "routes/mission.tsx"),
  route("how-we-help", "routes/how-we-help.tsx"),
  route("who-we-are", "routes/who-we-are.tsx"),
  route("request-invitation", "routes/request-invitation.tsx"),
  route("request-invitation/received", "routes/request-received.tsx"),
  route("request-invitation/received/employer", "routes/request-received-employer.tsx"),
  route("terms-of-engagement", "routes/terms-of-engagement.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
