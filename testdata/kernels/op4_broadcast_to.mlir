// sandjit-test: rtol=0 atol=0
// BroadcastTo a constant shape, to the shape of another argument (tf.Shape, i64), and to a
// value-constrained shape argument (an unranked result, zero-size targets included); f32, i1, rank 0.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xi1>, %arg2: tensor<?x?x?xf32>, %arg3: tensor<f32>, %arg4: tensor<?xi32> {rt.constraint = "value"}) -> (tensor<2x?x?xf32>, tensor<?x?x?xi1>, tensor<*xf32>) {
  %cst = "tf.Const"() {value = dense<[2, 7, 13]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tf.BroadcastTo"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<2x?x?xf32>
  %1 = "tf.Shape"(%arg2) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi64>
  %2 = "tf.BroadcastTo"(%arg1, %1) {device = ""} : (tensor<?xi1>, tensor<3xi64>) -> tensor<?x?x?xi1>
  %3 = "tf.BroadcastTo"(%arg3, %arg4) {device = ""} : (tensor<f32>, tensor<?xi32>) -> tensor<*xf32>
  func.return %0, %2, %3 : tensor<2x?x?xf32>, tensor<?x?x?xi1>, tensor<*xf32>
}
