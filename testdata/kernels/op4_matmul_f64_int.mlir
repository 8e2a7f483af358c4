// MatMul on f64 (transpose_a), i32 (transpose_b; the sums wrap) and i64 with a static K.
func.func @test(%arg0: tensor<?x?xf64>, %arg1: tensor<?x?xf64>, %arg2: tensor<?x?xi32>, %arg3: tensor<?x?xi32>, %arg4: tensor<?x3xi64>, %arg5: tensor<3x?xi64>) -> (tensor<?x?xf64>, tensor<?x?xi32>, tensor<?x?xi64>) {
  %0 = "tf.MatMul"(%arg0, %arg1) {device = "", transpose_a = true, transpose_b = false} : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %1 = "tf.MatMul"(%arg2, %arg3) {device = "", transpose_a = false, transpose_b = true} : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  %2 = "tf.MatMul"(%arg4, %arg5) {device = "", transpose_a = false, transpose_b = false} : (tensor<?x3xi64>, tensor<3x?xi64>) -> tensor<?x?xi64>
  func.return %0, %1, %2 : tensor<?x?xf64>, tensor<?x?xi32>, tensor<?x?xi64>
}
