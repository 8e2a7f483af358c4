// Squeeze without squeeze_dims removes every dim of size 1: statically (7x1x13x1 -> 7x13) and at run time,
// where the result's rank depends on which dynamic dims are 1 (an unranked result, rank 0 when all are; the
// argument has a "shape" constraint so that the compiler sees them).
func.func @test(%arg0: tensor<7x1x13x1xi32>, %arg1: tensor<?x1x?xf32> {rt.constraint = "shape"}) -> (tensor<7x13xi32>, tensor<*xf32>) {
  %0 = "tf.Squeeze"(%arg0) {device = "", squeeze_dims = []} : (tensor<7x1x13x1xi32>) -> tensor<7x13xi32>
  %1 = "tf.Squeeze"(%arg1) {device = ""} : (tensor<?x1x?xf32>) -> tensor<*xf32>
  func.return %0, %1 : tensor<7x13xi32>, tensor<*xf32>
}
