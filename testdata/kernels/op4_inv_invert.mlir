// sandjit-test: rtol=0 atol=0
// Inv (the old name of Reciprocal) on f32 (+-0 -> +-Inf, denormals -> Inf, powers of two exact) and on
// i32/i64 (1 / x truncating, 1 / 0 = -1); Invert (bitwise not) on every integer type.
func.func @test(%arg0: tensor<?xf32>, %arg1: tensor<?xi32>, %arg2: tensor<?xi64>, %arg3: tensor<?xi8>, %arg4: tensor<?xi16>, %arg5: tensor<?xui8>, %arg6: tensor<?xui16>, %arg7: tensor<?xui32>, %arg8: tensor<?xui64>) -> (tensor<?xf32>, tensor<?xi32>, tensor<?xi64>, tensor<?xi8>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui16>, tensor<?xui32>, tensor<?xui64>) {
  %0 = "tf.Inv"(%arg0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Inv"(%arg1) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %2 = "tf.Inv"(%arg2) {device = ""} : (tensor<?xi64>) -> tensor<?xi64>
  %3 = "tf.Invert"(%arg3) {device = ""} : (tensor<?xi8>) -> tensor<?xi8>
  %4 = "tf.Invert"(%arg4) {device = ""} : (tensor<?xi16>) -> tensor<?xi16>
  %5 = "tf.Invert"(%arg1) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %6 = "tf.Invert"(%arg2) {device = ""} : (tensor<?xi64>) -> tensor<?xi64>
  %7 = "tf.Invert"(%arg5) {device = ""} : (tensor<?xui8>) -> tensor<?xui8>
  %8 = "tf.Invert"(%arg6) {device = ""} : (tensor<?xui16>) -> tensor<?xui16>
  %9 = "tf.Invert"(%arg7) {device = ""} : (tensor<?xui32>) -> tensor<?xui32>
  %10 = "tf.Invert"(%arg8) {device = ""} : (tensor<?xui64>) -> tensor<?xui64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?xf32>, tensor<?xi32>, tensor<?xi64>, tensor<?xi8>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui16>, tensor<?xui32>, tensor<?xui64>
}
