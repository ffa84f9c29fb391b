/** Stylesheets are imported for their side effect (`import "airlock-kit/react/styles.css"`); bundlers handle them. */
declare module "*.css"
