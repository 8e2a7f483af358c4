// Integer Mod/TruncateMod (sign of the dividend, x % 0 = x, INT_MIN % -1 = 0) and TruncateDiv (toward
// zero, x / 0 = -1, INT_MIN / -1 = INT_MIN) on i32 and i64 (broadcasting), TruncateDiv on the narrow and
// unsigned types.
func.func @test(%arg0: tensor<?x?xi32>, %arg1: tensor<?xi32>, %arg2: tensor<?xi64>, %arg3: tensor<?xi64>, %arg4: tensor<?xi8>, %arg5: tensor<?xi8>, %arg6: tensor<?xui8>, %arg7: tensor<?xui8>, %arg8: tensor<?xi16>, %arg9: tensor<?xi16>, %arg10: tensor<?xui32>, %arg11: tensor<?xui32>, %arg12: tensor<?xui64>, %arg13: tensor<?xui64>) -> (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi8>, tensor<?xui8>, tensor<?xi16>, tensor<?xui32>, tensor<?xui64>) {
  %0 = "tf.Mod"(%arg0, %arg1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %1 = "tf.TruncateMod"(%arg0, %arg1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %2 = "tf.TruncateDiv"(%arg0, %arg1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %3 = "tf.Mod"(%arg2, %arg3) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %4 = "tf.TruncateDiv"(%arg2, %arg3) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %5 = "tf.TruncateDiv"(%arg4, %arg5) {device = ""} : (tensor<?xi8>, tensor<?xi8>) -> tensor<?xi8>
  %6 = "tf.TruncateDiv"(%arg6, %arg7) {device = ""} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %7 = "tf.TruncateDiv"(%arg8, %arg9) {device = ""} : (tensor<?xi16>, tensor<?xi16>) -> tensor<?xi16>
  %8 = "tf.TruncateDiv"(%arg10, %arg11) {device = ""} : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xui32>
  %9 = "tf.TruncateDiv"(%arg12, %arg13) {device = ""} : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi8>, tensor<?xui8>, tensor<?xi16>, tensor<?xui32>, tensor<?xui64>
}
