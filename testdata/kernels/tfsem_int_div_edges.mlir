// sandjit-test: rtol=0 atol=0
// Integer division at its edges, XLA's definition (TF's JIT lowers through it): x / 0 = -1 (all ones
// unsigned), FloorDiv of a negative x by 0 = -2 (TF's floor correction), x % 0 = x, INT_MIN / -1 = INT_MIN,
// INT_MIN % -1 = 0; Div, FloorDiv, FloorMod, Mod, TruncateDiv, TruncateMod on i32 and ui32, Reciprocal on i16.
func.func @test(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>, %arg2: tensor<?xui32>, %arg3: tensor<?xui32>, %arg4: tensor<?xi16>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xui32>, tensor<?xui32>, tensor<?xui32>, tensor<?xi16>) {
  %0 = "tf.Div"(%arg0, %arg1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %1 = "tf.FloorDiv"(%arg0, %arg1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %2 = "tf.FloorMod"(%arg0, %arg1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %3 = "tf.Mod"(%arg0, %arg1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %4 = "tf.TruncateDiv"(%arg0, %arg1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %5 = "tf.TruncateMod"(%arg0, %arg1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %6 = "tf.Div"(%arg2, %arg3) {device = ""} : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xui32>
  %7 = "tf.FloorDiv"(%arg2, %arg3) {device = ""} : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xui32>
  %8 = "tf.FloorMod"(%arg2, %arg3) {device = ""} : (tensor<?xui32>, tensor<?xui32>) -> tensor<?xui32>
  %9 = "tf.Reciprocal"(%arg4) {device = ""} : (tensor<?xi16>) -> tensor<?xi16>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xui32>, tensor<?xui32>, tensor<?xui32>, tensor<?xi16>
}
