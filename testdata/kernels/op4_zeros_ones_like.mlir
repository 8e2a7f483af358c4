// sandjit-test: rtol=0 atol=0
// ZerosLike and OnesLike keep shape and dtype (f32 with NaN inputs, f64, i1, i8, ui8, i32, i64),
// including rank 0 and zero-size inputs.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf64>, %arg2: tensor<?x?xi1>, %arg3: tensor<?xi8>, %arg4: tensor<?xui8>, %arg5: tensor<i32>, %arg6: tensor<?x?x?xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi8>, tensor<?xui8>, tensor<i32>, tensor<i32>, tensor<?x?x?xi64>) {
  %0 = "tf.ZerosLike"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.OnesLike"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.OnesLike"(%arg1) {device = ""} : (tensor<?xf64>) -> tensor<?xf64>
  %3 = "tf.ZerosLike"(%arg2) {device = ""} : (tensor<?x?xi1>) -> tensor<?x?xi1>
  %4 = "tf.OnesLike"(%arg2) {device = ""} : (tensor<?x?xi1>) -> tensor<?x?xi1>
  %5 = "tf.OnesLike"(%arg3) {device = ""} : (tensor<?xi8>) -> tensor<?xi8>
  %6 = "tf.ZerosLike"(%arg4) {device = ""} : (tensor<?xui8>) -> tensor<?xui8>
  %7 = "tf.ZerosLike"(%arg5) {device = ""} : (tensor<i32>) -> tensor<i32>
  %8 = "tf.OnesLike"(%arg5) {device = ""} : (tensor<i32>) -> tensor<i32>
  %9 = "tf.OnesLike"(%arg6) {device = ""} : (tensor<?x?x?xi64>) -> tensor<?x?x?xi64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi8>, tensor<?xui8>, tensor<i32>, tensor<i32>, tensor<?x?x?xi64>
}
