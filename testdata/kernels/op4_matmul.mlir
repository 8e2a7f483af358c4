// sandjit-test: rtol=1e-5 atol=2e-6
// MatMul with every transpose_a/transpose_b combination on f32: odd sizes, M = 1, zero-size M, N and K
// (K = 0 gives zeros), K = 64, NaN/Inf in a, large positive inputs.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}, %arg1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<13x5xf32>}, %arg2: tensor<?x?xf32> {python_test_attrs.static_type = tensor<13x7xf32>}, %arg3: tensor<?x?xf32> {python_test_attrs.static_type = tensor<5x13xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.MatMul"(%arg0, %arg1) {device = "", transpose_a = false, transpose_b = false} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.MatMul"(%arg2, %arg1) {device = "", transpose_a = true, transpose_b = false} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.MatMul"(%arg0, %arg3) {device = "", transpose_a = false, transpose_b = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.MatMul"(%arg2, %arg3) {device = "", transpose_a = true, transpose_b = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
