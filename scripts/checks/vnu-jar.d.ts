/** `vnu-jar` exports the path of vnu.jar as a String object (CommonJS, no types of its own). */
declare module "vnu-jar" {
  const vnuJarPath: string;
  export default vnuJarPath;
}
