// sandjit-test: rtol=0 atol=0
// Transpose with the permutation as a value-constrained argument (rt.constraint and jitrt.constraint, as in
// TF's tf_transpose_test): the cases give permutations of rank 1 to 4 for an unranked f32 input and
// different 3-D permutations for an i64 input.
func.func @test(%arg0: tensor<*xf32>, %arg1: tensor<?xi32> {rt.constraint = "value"}, %arg2: tensor<?x?x?xi64>, %arg3: tensor<3xi64> {jitrt.constraint = "value"}) -> (tensor<*xf32>, tensor<?x?x?xi64>) {
  %0 = "tf.Transpose"(%arg0, %arg1) {device = ""} : (tensor<*xf32>, tensor<?xi32>) -> tensor<*xf32>
  %1 = "tf.Transpose"(%arg2, %arg3) {device = ""} : (tensor<?x?x?xi64>, tensor<3xi64>) -> tensor<?x?x?xi64>
  func.return %0, %1 : tensor<*xf32>, tensor<?x?x?xi64>
}
