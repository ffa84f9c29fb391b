/** Stylesheets are imported for their side effect (`import "airlock/react/styles.css"`); bundlers handle them. */
declare module "*.css"
