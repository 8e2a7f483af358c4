// The older builtin.func spelling inside a plain module { ... } wrapper, no attributes anywhere.
module {
  builtin.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = "tf.Exp"(%arg0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %1 = "tf.Sub"(%0, %arg1) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    return %1 : tensor<?x?xf32>
  }
}
