// LeftShift and RightShift with XLA's semantics (TF's JIT): the shift amount read as unsigned, so an amount
// below 0 or at least the width shifts every bit out (0, or -1 for a negative x shifted right, which is
// arithmetic for signed types); i32 with a broadcast amount, i8, ui16 and i64. PopulationCount: the one bits
// of each element in its own width (-1 in i8 has 8), as ui8.
func.func @test(%x: tensor<?x?xi32>, %y: tensor<?xi32>, %a8: tensor<?xi8>, %s8: tensor<?xi8>, %u16: tensor<?xui16>, %su16: tensor<?xui16>, %x64: tensor<?x?xi64>, %s64: tensor<?x?xi64>) -> (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi8>, tensor<?xi8>, tensor<?xui16>, tensor<?xui16>, tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xui8>, tensor<?xui8>, tensor<?xui8>, tensor<?x?xui8>) {
  %0 = "tf.LeftShift"(%x, %y) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %1 = "tf.RightShift"(%x, %y) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %2 = "tf.LeftShift"(%a8, %s8) {device = ""} : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
  %3 = "tf.RightShift"(%a8, %s8) {device = ""} : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
  %4 = "tf.LeftShift"(%u16, %su16) {device = ""} : (tensor<?xui16>, tensor<?xui16>) -> tensor<?xui16>
  %5 = "tf.RightShift"(%u16, %su16) {device = ""} : (tensor<?xui16>, tensor<?xui16>) -> tensor<?xui16>
  %6 = "tf.LeftShift"(%x64, %s64) {device = ""} : (tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<?x?xi64>
  %7 = "tf.RightShift"(%x64, %s64) {device = ""} : (tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<?x?xi64>
  %8 = "tf.PopulationCount"(%x) {device = ""} : (tensor<?x?xi32>) -> tensor<?x?xui8>
  %9 = "tf.PopulationCount"(%a8) {device = ""} : (tensor<?xi8>) -> tensor<?xui8>
  %10 = "tf.PopulationCount"(%u16) {device = ""} : (tensor<?xui16>) -> tensor<?xui8>
  %11 = "tf.PopulationCount"(%x64) {device = ""} : (tensor<?x?xi64>) -> tensor<?x?xui8>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi8>, tensor<?xi8>, tensor<?xui16>, tensor<?xui16>, tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xui8>, tensor<?xui8>, tensor<?xui8>, tensor<?x?xui8>
}
