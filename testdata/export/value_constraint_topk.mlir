// A value-constrained k for TopKV2 and a value-constrained Transpose perm (jitrt's "value" constraint).
// sweep: modes=enabled,always arg1.range=1:4 arg2.values=1,0
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x6xf32>}, %arg1: tensor<i32> {rt.constraint = "value"}, %arg2: tensor<2xi32> {rt.constraint = "value"}) -> (tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xf32>) {
  %values, %indices = "tf.TopKV2"(%arg0, %arg1) {sorted = true} : (tensor<?x?xf32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  %0 = "tf.Transpose"(%arg0, %arg2) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %values, %indices, %0 : tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xf32>
}
